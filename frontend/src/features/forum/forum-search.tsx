import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

/** The API searches for 2 to 100 characters (PostSearchQuery); fewer shows the list. */
const MIN_SEARCH = 2;
const MAX_SEARCH = 100;
const TYPING_PAUSE_MS = 300;

/** Search within a board (issue 26): reports the words once the member pauses typing, or '' for none. */
export function ForumSearch({ onSearch }: { readonly onSearch: (words: string) => void }) {
  const [text, setText] = useState('');
  useEffect(() => {
    const words = text.trim();
    const timer = setTimeout(() => onSearch(words.length >= MIN_SEARCH ? words : ''), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <TextField
      type="search"
      size="small"
      label="Search discussions"
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: MAX_SEARCH },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: 1, sm: 320 } }}
    />
  );
}
