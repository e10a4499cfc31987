/**
 * The article body editor: TipTap (StarterKit, which brings Link, plus Image) with a small
 * toolbar. Images go to POST /upload/article?type=image and are inserted by the returned URL.
 * The HTML it produces is sanitised again by the server on save.
 */
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { Selection } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Select, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { uploadArticleImage } from './uploadImage.ts';
import { LinkModal } from './LinkModal.tsx';

const EDITOR_CSS = `
.wk-article-editor{min-height:360px;padding:12px 16px;outline:none;line-height:1.75;font-size:15px}
.wk-article-editor p{margin:0 0 .75em}
.wk-article-editor img{max-width:100%;height:auto}
.wk-article-editor img.ProseMirror-selectednode{outline:2px solid #16a34a}
.wk-article-editor blockquote{margin:0 0 .75em;padding:4px 12px;border-left:4px solid #d1d5db;color:#4b5563}
.wk-article-editor pre{background:#f1f5f9;padding:10px 12px;border-radius:6px;overflow:auto}
.wk-article-editor code{background:#f1f5f9;padding:1px 4px;border-radius:4px}
.wk-article-editor a{color:#16a34a;text-decoration:underline}
.wk-editor-box{border:1px solid #d9d9d9;border-radius:8px;background:#fff}
.wk-editor-box:focus-within{border-color:#16a34a}
`;

/** The editor instance of the article form (null until mounted in the browser). */
export function useArticleEditor(): Editor | null {
  return useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, defaultProtocol: 'https' } }),
      Image.configure({ allowBase64: false }),
    ],
    content: '',
    immediatelyRender: false,
    editorProps: { attributes: { class: 'wk-article-editor', 'data-testid': 'article-editor', 'aria-label': '文章内容' } },
  });
}

const HEADINGS = [
  { value: 0, label: '正文' },
  { value: 1, label: '标题 1' },
  { value: 2, label: '标题 2' },
  { value: 3, label: '标题 3' },
];

type Chain = ReturnType<Editor['chain']>;

/** The toolbar's block and mark toggles: the button, the state flag that lights it, the command. */
const TOGGLES: {
  title: string;
  icon?: ReactNode;
  text?: string;
  flag: 'bold' | 'italic' | 'bullet' | 'ordered' | 'quote' | 'code';
  run: (c: Chain) => Chain;
}[] = [
  { title: '加粗', icon: <BoldOutlined />, flag: 'bold', run: (c) => c.toggleBold() },
  { title: '斜体', icon: <ItalicOutlined />, flag: 'italic', run: (c) => c.toggleItalic() },
  { title: '无序列表', icon: <UnorderedListOutlined />, flag: 'bullet', run: (c) => c.toggleBulletList() },
  { title: '有序列表', icon: <OrderedListOutlined />, flag: 'ordered', run: (c) => c.toggleOrderedList() },
  { title: '引用', text: '“ ”', flag: 'quote', run: (c) => c.toggleBlockquote() },
  { title: '代码块', icon: <CodeOutlined />, flag: 'code', run: (c) => c.toggleCodeBlock() },
];

function Tool(props: {
  title: string;
  active?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={props.title}>
      <Button
        size="small"
        type={props.active ? 'primary' : 'text'}
        ghost={props.active}
        icon={props.icon}
        disabled={props.disabled}
        onClick={props.onClick}
        aria-label={props.title}
      >
        {props.children}
      </Button>
    </Tooltip>
  );
}

export function ArticleEditor({ editor }: { editor: Editor | null }) {
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e && {
        heading: [1, 2, 3].find((level) => e.isActive('heading', { level })) ?? 0,
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        bullet: e.isActive('bulletList'),
        ordered: e.isActive('orderedList'),
        quote: e.isActive('blockquote'),
        code: e.isActive('codeBlock'),
        link: e.isActive('link'),
        href: String(e.getAttributes('link').href ?? ''),
        undo: e.can().undo(),
        redo: e.can().redo(),
      },
  });
  const chain = () => editor!.chain().focus();

  const insertImages = async (files: File[]) => {
    for (const file of files) {
      setUploading(0);
      const r = await uploadArticleImage(file, setUploading);
      if (r.ok) editor?.chain().focus().setImage({ src: r.url, alt: r.alt }).run();
      else message.error(r.message);
    }
    setUploading(null);
  };

  const setHeading = (level: number) => {
    if (level === 0) chain().setParagraph().run();
    else
      chain()
        .toggleHeading({ level: level as 1 | 2 | 3 })
        .run();
  };

  const applyLink = (href: string) => {
    setLinkOpen(false);
    if (!editor) return;
    if (!href) {
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    const { state } = editor;
    const { from, to } = state.selection;
    if (state.doc.textBetween(from, to).trim() || editor.isActive('link')) {
      chain().extendMarkRange('link').setLink({ href }).run();
      return;
    }
    // no text selected (a caret, or an image): insert the address as the link text, after an image
    if (from !== to) {
      const $to = state.doc.resolve(to);
      const caret = Selection.findFrom($to, 1, true) ?? Selection.findFrom($to, -1, true);
      if (caret) editor.view.dispatch(state.tr.setSelection(caret));
    }
    chain()
      .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
      .run();
  };

  const off = !editor || !state;
  return (
    <div className="wk-editor-box">
      <style>{EDITOR_CSS}</style>
      <Space wrap size={4} style={{ padding: '6px 8px', borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        <Select
          size="small"
          aria-label="标题"
          value={state?.heading ?? 0}
          options={HEADINGS}
          onChange={setHeading}
          disabled={off}
          style={{ width: 92 }}
        />
        {TOGGLES.map((t) => (
          <Tool
            key={t.title}
            title={t.title}
            icon={t.icon}
            active={state?.[t.flag]}
            disabled={off}
            onClick={() => t.run(chain()).run()}
          >
            {t.text}
          </Tool>
        ))}
        <Tool title="链接" icon={<LinkOutlined />} active={state?.link} disabled={off} onClick={() => setLinkOpen(true)} />
        <Tool
          title={uploading === null ? '上传图片' : `上传中 ${uploading}%`}
          icon={<PictureOutlined />}
          disabled={off || uploading !== null}
          onClick={() => fileInput.current?.click()}
        />
        <Divider orientation="vertical" />
        <Tool title="撤销" icon={<UndoOutlined />} disabled={off || !state?.undo} onClick={() => chain().undo().run()} />
        <Tool title="重做" icon={<RedoOutlined />} disabled={off || !state?.redo} onClick={() => chain().redo().run()} />
      </Space>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        multiple
        style={{ display: 'none' }}
        data-testid="article-image-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) void insertImages(files);
        }}
      />
      <EditorContent editor={editor} />
      <LinkModal open={linkOpen} initial={state?.href ?? ''} onCancel={() => setLinkOpen(false)} onOk={applyLink} />
    </div>
  );
}
