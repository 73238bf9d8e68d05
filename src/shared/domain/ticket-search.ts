import { foldForSearch } from './messages';
import { digitsOnly } from './phone';

/**
 * The ticket list's search (the attendance search box: name, phone or protocol). A ticket matches
 * when the folded query is part of its customer's name or phone, or of its own customer_name,
 * protocol or last message preview; a query that is only a phone number's digits and punctuation
 * ("(12) 90000-0099", "+55 12 9...") also matches the phone's digits, as the list shows phones
 * formatted. The folded texts are kept on the documents so a search compares strings only.
 */

/** Keeps a needle from matching across two fields; a search box cannot type it. */
const FIELD_SEPARATOR = '\u0000';

const PHONE_QUERY = /^[\d\s().+-]+$/;

export const foldedSearchText = (texts: ReadonlyArray<string | undefined>): string =>
  texts
    .filter((text): text is string => !!text)
    .map(foldForSearch)
    .join(FIELD_SEPARATOR);

export const ticketSearchText = (ticket: { customer_name?: string; protocol?: string; last_msg_preview?: string }): string =>
  foldedSearchText([ticket.customer_name, ticket.protocol, ticket.last_msg_preview]);

export const customerSearchText = (customer: { name?: string; phone_number?: string }): string =>
  foldedSearchText([customer.name, customer.phone_number]);

export interface TicketSearchNeedle {
  folded: string;
  /** The digits of a query typed as a formatted phone number. */
  phoneDigits?: string;
}

/** The needle of a query, or null for a blank one (which filters nothing). */
export function ticketSearchNeedle(query: string): TicketSearchNeedle | null {
  const folded = foldForSearch(query.trim());
  if (!folded) return null;
  const digits = folded.replace(/\D/g, '');
  return digits && digits !== folded && PHONE_QUERY.test(folded) ? { folded, phoneDigits: digits } : { folded };
}

export function matchesTicketSearch(
  needle: TicketSearchNeedle,
  ticketText: string,
  customer: { searchText: string; phone?: string } | undefined,
): boolean {
  if (ticketText.includes(needle.folded)) return true;
  if (!customer) return false;
  if (customer.searchText.includes(needle.folded)) return true;
  return !!needle.phoneDigits && !!customer.phone && digitsOnly(customer.phone).includes(needle.phoneDigits);
}
