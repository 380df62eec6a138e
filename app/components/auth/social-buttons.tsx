import { Form } from 'react-router';
import { Button } from '~/components/ui/button';

/** Google and Facebook sign-in, shown only when their keys are configured (DESIGN §2). */
export function SocialButtons({ google, facebook }: { google: boolean; facebook: boolean }) {
  if (!google && !facebook) return null;
  return (
    <div className="mt-6 space-y-3">
      <p className="text-center text-sm text-slate-600">or continue with</p>
      <div className="grid grid-cols-2 gap-3">
        {google ? (
          <Form method="post" action="/auth/social">
            <input type="hidden" name="provider" value="google" />
            <Button type="submit" variant="outline" className="w-full">
              Google
            </Button>
          </Form>
        ) : null}
        {facebook ? (
          <Form method="post" action="/auth/social">
            <input type="hidden" name="provider" value="facebook" />
            <Button type="submit" variant="outline" className="w-full">
              Facebook
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
