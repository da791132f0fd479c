import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

type FromList = { readonly fromList?: boolean } | null;

/**
 * Issue 26: a post has its own URL under its board (`<board>/posts/:postId`), so it can be
 * linked and the browser's Back returns to the list. The list stays mounted under the post;
 * when the post takes the list's place (`replacesList`), the list's scroll position is kept
 * when a post opens and given back when it closes.
 */
export function usePostRoute(boardPath: string, postId: string | undefined, replacesList: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const listScroll = useRef(0);
  const shown = useRef(postId);

  useLayoutEffect(() => {
    if (!replacesList || shown.current === postId) return;
    shown.current = postId;
    window.scrollTo(0, postId === undefined ? listScroll.current : 0);
  }, [postId, replacesList]);

  return {
    open(id: string) {
      listScroll.current = window.scrollY;
      navigate(`${boardPath}/posts/${id}`, { state: { fromList: true } });
    },
    /** Back to the list: the history entry we came from when there is one, else the board itself. */
    close() {
      if (postId === undefined) return;
      if ((location.state as FromList)?.fromList) navigate(-1);
      else navigate(boardPath);
    },
  };
}
