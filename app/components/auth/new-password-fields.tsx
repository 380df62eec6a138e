import { PasswordField } from '~/components/auth/password-field';
import type { FieldErrors } from '~/lib/forms';
import { PASSWORD_MIN_LENGTH } from '#core/accounts/schemas';

/** "New password" and its confirmation, as choosing one after a reset and changing one both ask. */
export function NewPasswordFields({ errors }: { errors: FieldErrors }) {
  return (
    <>
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
