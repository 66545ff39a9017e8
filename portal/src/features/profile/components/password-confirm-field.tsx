import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';

type PasswordConfirmFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows "This field is required" once the user tried to confirm with the field empty. */
  missing: boolean;
  /** Enter in the field confirms, as the dialog's button does. */
  onEnter: () => void;
  testId: string;
};

/** The password a dialog asks for before a sensitive change (email, account deletion). */
export function PasswordConfirmField({ label, value, onChange, missing, onEnter, testId }: PasswordConfirmFieldProps) {
  return (
    <FormField label={label} error={missing ? 'required' : undefined}>
      <PasswordInput
        name="current-password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onEnter();
          }
        }}
        data-testid={testId}
      />
    </FormField>
  );
}
