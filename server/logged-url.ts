/**
 * A request's URL as the log keeps it: the secret of a link sent by e-mail (a confirmation's or a
 * password reset's token) is replaced, so reading the log never lets anyone act as the person the mail
 * was for. Everything else (the path, a search's words) stays, to follow what a request did.
 */
export function loggedUrl(url: string): string {
  const [path = '', query] = splitOnce(url, '?');
  const keptPath = path.replace(/^(\/api\/auth\/reset-password\/)[^/?#]+/, '$1[token]');
  if (query === undefined) return keptPath;
  const keptQuery = query
    .split('&')
    .map((pair) => {
      const [name = ''] = splitOnce(pair, '=');
      return SECRET_PARAMETERS.has(decodeSafely(name).toLowerCase()) ? `${name}=[token]` : pair;
    })
    .join('&');
  return `${keptPath}?${keptQuery}`;
}

/** The query parameters that carry a mailed link's secret (Better Auth's confirmation link). */
const SECRET_PARAMETERS = new Set(['token']);

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
