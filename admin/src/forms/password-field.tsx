import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../ui/icons.tsx';
import type { TextFieldProps } from './text-field.tsx';
import { TextField } from './text-field.tsx';

/** A {@link TextField} for passwords, with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__reveal"
          aria-label={
            visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`
          }
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
