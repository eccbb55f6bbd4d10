/**
 * The admin's posts: queries by key and the mutations that change them. A saved or deleted post
 * invalidates `postKeys.all`, so the dashboard, the editor and the preview read it again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Post } from "../../../lib/posts";
import { listPostEvents } from "../data/post-events";
import * as posts from "../data/posts";
import type { AdminPostSummary, PostInput, Publication } from "../data/posts";
import { useSupabase } from "../supabase-context";

const postKeys = {
  all: ["posts"] as const,
  list: () => [...postKeys.all, "list"] as const,
  detail: (id: string) => [...postKeys.all, "detail", id] as const,
  preview: (id: string) => [...postKeys.all, "preview", id] as const,
  history: (id: string) => [...postKeys.all, "history", id] as const,
};

export function usePostList() {
  const supabase = useSupabase();
  return useQuery({ queryKey: postKeys.list(), queryFn: async () => posts.listPostsForAdmin(await supabase()) });
}

/**
 * The post the editor starts from. Never read again behind the editor's back (it would start over
 * and lose what is typed): only a save replaces it, with what was saved.
 */
export function usePost(id: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: postKeys.detail(id),
    queryFn: async () => posts.getPostById(await supabase(), id),
    staleTime: Infinity,
  });
}

export function usePostPreview(id: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: postKeys.preview(id),
    queryFn: async () => posts.getPostForPreview(await supabase(), id),
  });
}

export function useCreatePost() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      values,
      authorId,
      publication,
    }: {
      values: PostInput;
      authorId: string;
      publication: Publication;
    }) => posts.createPost(await supabase(), values, authorId, publication),
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      queryClient.invalidateQueries({ queryKey: postKeys.list() });
    },
  });
}

export function useUpdatePost(id: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      values,
      publication,
      current,
    }: {
      values: PostInput;
      publication: Publication;
      current: Post;
    }) => posts.updatePost(await supabase(), id, values, publication, current),
    onSuccess: (post) => {
      // The editor starts again from what is now saved (its key changes with updated_at).
      queryClient.setQueryData(postKeys.detail(id), post);
      queryClient.invalidateQueries({ queryKey: postKeys.list() });
      queryClient.invalidateQueries({ queryKey: postKeys.preview(id) });
    },
  });
}

export function useDeletePost() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (post: AdminPostSummary) => posts.deletePost(await supabase(), post.id),
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

/**
 * A post's history. Its key starts with the posts' (`postKeys.all`), so a save, which invalidates
 * every post query, reads it again with the new line.
 */
export function usePostEvents(postId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: postKeys.history(postId),
    queryFn: async () => listPostEvents(await supabase(), postId),
  });
}
