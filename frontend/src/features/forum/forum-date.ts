const FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Spec 001 §2: en-US, short month, day, hour:minute ("Nov 23, 4:05 PM"). */
export const forumDate = (iso: string) => FORMAT.format(new Date(iso));
