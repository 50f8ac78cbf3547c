/**
 * The largest printable prime under these rules, found by `largestPrintablePrime(65)` (about half a
 * second, ~75 primality tests). No longer one exists: the flat digits' segment sets can only shrink
 * up the stack, only 9/6 and 5/2 share a shape (8 groups each), 8 and the spire tail of 1s give one
 * group each, and each of the at most three changes of shape adds one more group — 21 groups and a
 * leading pair, 65 digits. The search confirms that 66 and more digits are infeasible.
 */
export const LARGEST_PRINTABLE_PRIME = "88888899999996969966699696669666995555552525522255222225252257111";
export const LARGEST_DIGITS = LARGEST_PRINTABLE_PRIME.length;
