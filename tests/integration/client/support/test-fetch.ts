/**
 * fetch for what the tests do on the server side. After a server restart Node may reuse a
 * keep-alive socket of the closed server, whose request then fails as 'other side closed'. That
 * server had finished closing, so it never saw the request: sending it again is safe, and such a
 * failure says nothing about the code under test.
 */
export async function testFetch(input: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return fetch(input, init);
  }
}
