/** The oldest Node.js major that still gets security fixes (Node 20's ended on 2026-04-30). */
const OLDEST_SUPPORTED_NODE_MAJOR = 22;

/**
 * What the operator is told at start-up when production runs a Node.js past its end of life, or null.
 * The shop works on it (development machines and CI run Node 20), but production should run the
 * current LTS: docs/decisions/027.
 */
export function runtimeAdvice(version: string): string | null {
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major) || major >= OLDEST_SUPPORTED_NODE_MAJOR) return null;
  return (
    `Node.js ${version} no longer gets security fixes, and the shop needs more CPU per page on it: ` +
    'run production on Node.js 24, the current LTS (docs/decisions/027).'
  );
}
