import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { UploadOptions } from "../data/blog-images";
import { ImageUploader } from "./ImageUploader";

function imageFile(name = "team.png") {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => ((resolve = done), (reject = fail)));
  return { promise, resolve, reject };
}

describe("ImageUploader", () => {
  it("asks for alt text before uploading an in-body image, then shows real progress and hands back the URL", async () => {
    const user = userEvent.setup();
    const outcome = deferred<{ url: string; width: number; height: number }>();
    let report: UploadOptions["onProgress"];
    const upload = vi.fn((_: Blob, options: UploadOptions) => ((report = options.onProgress), outcome.promise));
    const onUploaded = vi.fn();
    const { container } = render(
      <ImageUploader label="Add an image to the post" altRequired onUploaded={onUploaded} upload={upload} />,
    );

    expect(screen.getByRole("group", { name: "Add an image to the post" })).toBeInTheDocument();
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, imageFile());
    expect(screen.getByText(/team\.png/)).toBeInTheDocument();
    const alt = screen.getByLabelText(/Describe the image/);
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(upload).not.toHaveBeenCalled();
    expect(alt).toHaveAccessibleDescription("Describe the image before uploading it.");
    expect(alt).toHaveFocus();

    await user.type(alt, "Our team at the Lekki office");
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(upload).toHaveBeenCalledOnce();
    await act(async () => report?.(0.42));
    expect(screen.getByRole("status")).toHaveTextContent("Uploading... 42%");
    expect(screen.getByRole("progressbar")).toHaveAttribute("value", "0.42");
    await act(async () => outcome.resolve({ url: "https://cdn.example/a-800x600.webp", width: 800, height: 600 }));
    expect(onUploaded).toHaveBeenCalledWith({
      url: "https://cdn.example/a-800x600.webp",
      width: 800,
      height: 600,
      alt: "Our team at the Lekki office",
    });
    expect(screen.getByRole("button", { name: "Choose an image" })).toBeInTheDocument();
  });

  it("shows the server's message on failure and retries with the same file and alt text", async () => {
    const user = userEvent.setup();
    const upload = vi
      .fn<(file: Blob, options: UploadOptions) => Promise<{ url: string; width: number; height: number }>>()
      .mockRejectedValueOnce(new Error("The object exceeded the maximum allowed size"))
      .mockResolvedValueOnce({ url: "https://cdn.example/b.webp", width: 10, height: 10 });
    const onUploaded = vi.fn();
    const { container } = render(
      <ImageUploader
        label="Cover image"
        altRequired={false}
        defaultAlt="Post title"
        onUploaded={onUploaded}
        upload={upload}
      />,
    );
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, imageFile("cover.png"));
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The image could not be uploaded: The object exceeded the maximum allowed size",
    );
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1]![0]).toBe(upload.mock.calls[0]![0]);
    expect(onUploaded).toHaveBeenCalledWith(
      expect.objectContaining({ url: "https://cdn.example/b.webp", alt: "Post title" }),
    );
  });

  it("takes a file dropped on it", async () => {
    render(<ImageUploader label="Cover image" altRequired={false} onUploaded={vi.fn()} upload={vi.fn()} />);
    const zone = screen.getByRole("button", { name: "Choose an image" }).closest("div.rounded-2xl")!;
    fireEvent.drop(zone, { dataTransfer: { files: [imageFile("dropped.png")], types: ["Files"] } });
    expect(await screen.findByText(/dropped\.png/)).toBeInTheDocument();
  });
});
