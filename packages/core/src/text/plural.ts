/** The Russian form of a count: plural(5, ['ночь', 'ночи', 'ночей']) is '5 ночей'. */
export function plural(count: number, [one, few, many]: readonly [string, string, string]): string {
  const tens = Math.abs(count) % 100;
  const units = tens % 10;
  const word =
    tens > 10 && tens < 20 ? many : units === 1 ? one : units >= 2 && units <= 4 ? few : many;
  return `${count} ${word}`;
}
