import { describe, expect, it } from "vitest";
import { retireShellDefaults } from "./shell-defaults";

/** A document of its own with the shell's two defaults in its head, as index.html has them. */
function shellDocument(): Document {
  const doc = document.implementation.createHTMLDocument("");
  doc.head.innerHTML =
    '<title data-shell-default>Shell title</title><meta data-shell-default name="description" content="Shell description" />';
  return doc;
}

function add(doc: Document, html: string) {
  const template = doc.createElement("template");
  template.innerHTML = html;
  doc.head.append(template.content);
}

/** The mutation observer's callback is a microtask: let it run. */
const settled = () => new Promise((resolve) => setTimeout(resolve));

describe("the shell's default title and description", () => {
  it("stay until the page's own title comes, so the document always has one, then each goes with its own", async () => {
    const doc = shellDocument();
    const stop = retireShellDefaults(doc.head);
    await settled();
    expect(doc.title).toBe("Shell title");

    add(doc, "<title>Editor | Ascend Digital</title>");
    await settled();
    expect(doc.title).toBe("Editor | Ascend Digital");
    expect(doc.querySelectorAll("title")).toHaveLength(1);
    // The description stays until the page's own description comes.
    expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("Shell description");

    add(doc, '<meta name="description" content="The editor" />');
    await settled();
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("The editor");
    expect(doc.querySelectorAll("[data-shell-default]")).toHaveLength(0);
    stop();
  });

  it("go at once where the page's own tags are already there (a prerendered page)", () => {
    const doc = shellDocument();
    add(doc, '<title>Services | Ascend Digital</title><meta name="description" content="What we do" />');
    retireShellDefaults(doc.head);
    expect(doc.querySelectorAll("[data-shell-default]")).toHaveLength(0);
    expect(doc.title).toBe("Services | Ascend Digital");
  });

  it("leave another page's tags alone: a meta of another name does not take the description's place", async () => {
    const doc = shellDocument();
    const stop = retireShellDefaults(doc.head);
    add(doc, '<meta name="robots" content="noindex" />');
    await settled();
    expect(doc.querySelectorAll("[data-shell-default]")).toHaveLength(2);
    stop();
    // Once stopped, a title that comes later leaves the default where it is.
    add(doc, "<title>Later</title>");
    await settled();
    expect(doc.querySelectorAll("title[data-shell-default]")).toHaveLength(1);
  });
});
