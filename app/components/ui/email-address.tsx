/**
 * An e-mail address that may wrap in a narrow column: after the '@' (a <wbr>), and inside a part only
 * when that part alone is wider than the column. Its container carries `wrap-break-word`, which keeps
 * each part whole when a table sizes its columns, so 'amaka.okafor@example.com' reads 'amaka.okafor@' /
 * 'example.com' instead of breaking mid-word.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
