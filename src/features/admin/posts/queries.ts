/**
 * The admin's posts: queries by key and the mutations that change them. A saved or deleted post
 * invalidates `postKeys.all`, so the dashboard, the editor and the preview read it again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createPost,
  deletePost,
  getPostById,
  getPostForPreview,
  listPostsForAdmin,
  updatePost,
  type AdminPostSummary,
  type Post,
  type PostInput,
  type Publication,
} from "../../../lib/posts";

const postKeys = {
  all: ["posts"] as const,
  list: () => [...postKeys.all, "list"] as const,
  detail: (id: string) => [...postKeys.all, "detail", id] as const,
  preview: (id: string) => [...postKeys.all, "preview", id] as const,
};

export function usePostList() {
  return useQuery({ queryKey: postKeys.list(), queryFn: listPostsForAdmin });
}

/**
 * The post the editor starts from. Never read again behind the editor's back (it would start over
 * and lose what is typed): only a save replaces it, with what was saved.
 */
export function usePost(id: string) {
  return useQuery({ queryKey: postKeys.detail(id), queryFn: () => getPostById(id), staleTime: Infinity });
}

export function usePostPreview(id: string) {
  return useQuery({ queryKey: postKeys.preview(id), queryFn: () => getPostForPreview(id) });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      values,
      authorId,
      publication,
    }: {
      values: PostInput;
      authorId: string;
      publication: Publication;
    }) => createPost(values, authorId, publication),
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      queryClient.invalidateQueries({ queryKey: postKeys.list() });
    },
  });
}

export function useUpdatePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, publication, current }: { values: PostInput; publication: Publication; current: Post }) =>
      updatePost(id, values, publication, current),
    onSuccess: (post) => {
      // The editor starts again from what is now saved (its key changes with updated_at).
      queryClient.setQueryData(postKeys.detail(id), post);
      queryClient.invalidateQueries({ queryKey: postKeys.list() });
      queryClient.invalidateQueries({ queryKey: postKeys.preview(id) });
    },
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: AdminPostSummary) => deletePost(post.id),
    onSuccess: (_nothing, removed) => {
      queryClient.setQueryData<AdminPostSummary[]>(postKeys.list(), (list) =>
        list?.filter((post) => post.id !== removed.id),
      );
      queryClient.removeQueries({ queryKey: postKeys.detail(removed.id) });
      queryClient.removeQueries({ queryKey: postKeys.preview(removed.id) });
      queryClient.invalidateQueries({ queryKey: postKeys.list() });
    },
  });
}
