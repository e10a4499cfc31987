/**
 * /post island (screens §5.9): 发布文章, and 编辑文章 with `?identifier=`. Members only; then
 * GET /user/canipublisharticle decides: a member whose groups do not allow articles, or who is
 * barred from them, sees 你暂时无法发布文章 with the server's reason.
 */
import { lazy } from 'react';
import { call } from '../../api/call.ts';
import { userCanPublishArticle } from '../../api/generated/user.ts';
import { RightGate } from '../common/RightGate.tsx';

// the form and its editor are their own chunk, fetched at once alongside the check
const formModule = import('./PostForm.tsx');
const PostForm = lazy(async () => ({ default: (await formModule).PostForm }));

export default function PostApp() {
  return (
    <RightGate
      check={() => call(userCanPublishArticle)}
      denied={{ forbidden: '你暂时无法发布文章', failed: '暂时无法发布文章' }}
      testId="post-denied"
    >
      {(user) => <PostForm userId={user.id} identifier={new URLSearchParams(location.search).get('identifier') ?? ''} />}
    </RightGate>
  );
}
