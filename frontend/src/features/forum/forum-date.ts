const FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** docs/product.md#forum-boards: en-US, short month, day, hour:minute ("Nov 23, 4:05 PM"). */
export const forumDate = (iso: string) => FORMAT.format(new Date(iso));
