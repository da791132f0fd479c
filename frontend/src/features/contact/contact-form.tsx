import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { CONTACT_INTERESTS, CONTACT_KINDS, ContactRequest } from '@reflections/contracts/contact';
import { LimitedTextField } from '../../components/limited-text-field';
import { errorBody } from '../../lib/api';
import { serverFields, serverMessage } from '../../lib/server-message';
import { textLimitsOf } from '../../lib/text-limits';
import { useToast } from '../../lib/toast';
import { useCodecForm } from '../../lib/use-codec-form';
import { useSendContactMessageMutation } from './contact-api';

const EMPTY_CONTACT = { name: '', email: '', interest: '', kind: 'message', message: '' };
/** The name's and the message's maxima, as the server enforces them (issue 25). */
const LIMITS = textLimitsOf(ContactRequest);

/**
 * docs/product.md#contact and #forms: validated first on submit, then again on every change;
 * idle → sending → success (toast, reset) or error (toast).
 */
export function ContactForm() {
  const form = useCodecForm(ContactRequest, EMPTY_CONTACT);
  const [send, { isLoading: sending }] = useSendContactMessageMutation();
  const { toast } = useToast();

  const submit = form.onSubmit(async (request) => {
    try {
      await send(request).unwrap();
      toast({
        title: 'Message sent',
        description: "Thank you for reaching out. We'll get back to you soon.",
        variant: 'success',
      });
      form.reset();
    } catch (error) {
      // The server's own words: a field it refused (shown at the field too), or how long to wait; the words stay in the form.
      const body = errorBody(error);
      form.refuse(serverFields(body));
      toast({
        title: 'Error',
        description: serverMessage(body, 'Failed to send message. Please try again.'),
        variant: 'destructive',
      });
    }
  });

  const field = (name: keyof typeof EMPTY_CONTACT) => ({ ...form.field(name), disabled: sending });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
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
