import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FormTextFieldProps<Values extends FieldValues, Context, Checked extends FieldValues> = {
  /** the react-hook-form form the field belongs to */
  form: UseFormReturn<Values, Context, Checked>;
  name: FieldPath<Values>;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'helperText'>;

/**
 * The one text field of a react-hook-form form (`@utsav/contracts/form`): a MUI TextField on the form's
 * state, with the schema's message under it, cleared as soon as the field is edited (it comes back only
 * on the next submit). Every other TextField prop passes through.
 */
export function FormTextField<Values extends FieldValues, Context, Checked extends FieldValues>({
  form,
  name,
  ...props
}: FormTextFieldProps<Values, Context, Checked>) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value}
          onChange={(event) => {
            field.onChange(event.target.value);
            form.clearErrors(name);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
