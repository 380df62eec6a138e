import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Field } from '~/components/ui/field';
import { usePasswordAsk } from '~/lib/password-again';
import { PASSWORD_AGAIN, PASSWORD_AGAIN_CODE_FIELD, PASSWORD_AGAIN_FIELD } from '#core/accounts/fresh-rules';

/**
 * "Your password, please" (issue 52 §2): when a refund, a role or a commission needs the password typed
 * again, this asks for it (and the authenticator's code, for an account with two-factor sign-in) and sends the same form again with it — nothing is typed twice.
 */
export function PasswordAgainPrompt() {
  const [ask, setAsk] = usePasswordAsk();
  if (!ask) return null;
  const wrong = ask.message === PASSWORD_AGAIN.wrong;
  const wrongCode = ask.message === PASSWORD_AGAIN.wrongCode;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : setAsk(null))}
      title={PASSWORD_AGAIN.title}
      // After a wrong try the reason stays, and the field says what was wrong.
      description={
        wrong || wrongCode ? (ask.withCode ? PASSWORD_AGAIN.withCode : PASSWORD_AGAIN.message) : ask.message
      }
    >
      <Form
        method="post"
        action={ask.action}
        preventScrollReset
        onSubmit={() => setAsk(null)}
        className="space-y-4"
      >
        {ask.resend.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <Field
          label="Your password"
          name={PASSWORD_AGAIN_FIELD}
          type="password"
          autoComplete="current-password"
          required
          error={wrong ? ask.message : undefined}
        />
        {ask.withCode ? (
          <Field
            label="Code from your authenticator app"
            name={PASSWORD_AGAIN_CODE_FIELD}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            error={wrongCode ? ask.message : undefined}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => setAsk(null)}>
            Cancel
          </Button>
          <Button type="submit">Confirm</Button>
        </div>
      </Form>
    </Dialog>
  );
}
