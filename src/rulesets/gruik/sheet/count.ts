/**
 * The number of orders in a stored sheet (`GruikSheet`, rules §2.12), as the command line counts
 * them (`RulesetEntry.countOrders`: "3 orders stored"): each move, fleet order, posture, retreat
 * preference, reaction and diplomatic, money or force order is one; the standing parts count too.
 * Reads plain JSON only, bounded by its size.
 */
export function countSheetOrders(value: unknown): number {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value === null || value === undefined ? 0 : 1;
  let n = 0;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === 'orders') n += countSheetOrders(v); // S3.1's orders, one level down
    else if (Array.isArray(v)) n += v.length;
    else if (typeof v === 'object' && v !== null) n += Object.values(v).reduce<number>((m, x) => m + (Array.isArray(x) ? x.length : 1), 0);
    else if (v !== undefined && v !== false) n += 1;
  }
  return n;
}
