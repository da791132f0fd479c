import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { CONTACT_INTERESTS, CONTACT_KINDS, ContactRequest } from '@reflections/contracts/contact';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { LimitedTextField } from '../../components/limited-text-field';
import { errorBody } from '../../lib/api';
import { serverFields, serverMessage } from '../../lib/server-message';
import { textLimitsOf } from '../../lib/text-limits';
import { useToast } from '../../lib/toast';
import { useSendContactMessageMutation } from './contact-api';
import { EMPTY_CONTACT, checkContact, type ContactErrors, type ContactValues } from './validate-contact';

const FIELD_ORDER: readonly (keyof ContactValues)[] = ['name', 'email', 'interest', 'kind', 'message'];
/** The name's and the message's maxima, as the server enforces them (issue 25). */
const LIMITS = textLimitsOf(ContactRequest);

/**
 * docs/product.md#contact and #forms: validated first on submit, then again on every change;
 * idle → sending → success (toast, reset) or error (toast).
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [send, { isLoading: sending }] = useSendContactMessageMutation();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  const change =
    (field: keyof ContactValues) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      if (submitted) setErrors(checkContact(next).errors ?? {});
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { request, errors: found } = checkContact(values);
    setErrors(found ?? {});
    if (!request) {
      const firstInvalid = FIELD_ORDER.find((field) => found[field]);
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    try {
      await send(request).unwrap();
      toast({
        title: 'Message sent',
        description: "Thank you for reaching out. We'll get back to you soon.",
        variant: 'success',
      });
      setValues(EMPTY_CONTACT);
      setErrors({});
      setSubmitted(false);
    } catch (error) {
      // The server's own words: a field it refused (shown at the field too), or how long to wait; the words stay in the form.
      const body = errorBody(error);
      const refused: ContactErrors = serverFields(body);
      if (Object.keys(refused).length > 0) setErrors(refused);
      toast({
        title: 'Error',
        description: serverMessage(body, 'Failed to send message. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const field = (name: keyof ContactValues) => ({
    name,
    value: values[name],
    onChange: change(name),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    disabled: sending,
  });

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label="Contact form"
      sx={{ display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'grid', gap: { xs: 1, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <LimitedTextField label="Name" autoComplete="name" limit={LIMITS.name} {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      </Box>
      <TextField
        select
        label="I'm interested in"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...field('interest')}
      >
        <option value="" disabled>
          Choose one
        </option>
        {CONTACT_INTERESTS.map((interest) => (
          <option key={interest.value} value={interest.value}>
            {interest.label}
          </option>
        ))}
      </TextField>
      {/* The privacy page sends data requests here: the admin's inbox marks them (issue 24). */}
      <TextField
        select
        label="It is about"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...field('kind')}
      >
        {CONTACT_KINDS.map((kind) => (
          <option key={kind.value} value={kind.value}>
            {kind.label}
          </option>
        ))}
      </TextField>
      <LimitedTextField label="Message" multiline minRows={5} limit={LIMITS.message} {...field('message')} />
      <Box>
        <Button type="submit" variant="contained" color="secondary" size="large" disabled={sending}>
          {sending ? 'Sending…' : 'Send Message'}
        </Button>
      </Box>
    </Box>
  );
}
