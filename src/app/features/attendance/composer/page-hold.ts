/**
 * Holds the page while a local write is pending (issue 13 §2): a tab closed right after Enter
 * would otherwise drop a message whose write into the local database had not finished. The browser
 * asks before leaving while any write is in flight; nothing is held once they are all done.
 */
let pending = 0;

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older Chromium shows the prompt only when returnValue is set.
  event.returnValue = '';
};

export async function holdPageWhile<T>(write: Promise<T>): Promise<T> {
  if (pending++ === 0) window.addEventListener('beforeunload', onBeforeUnload);
  try {
    return await write;
  } finally {
    if (--pending === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  }
}
