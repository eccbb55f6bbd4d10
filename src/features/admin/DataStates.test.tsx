import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminDataView } from "./DataStates";
import { useAdminData } from "./use-admin-data";

/** A promise the test settles by hand, so each state can be looked at before the next one. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

type Request = ReturnType<typeof deferred<string[]>> & { query: string };

/** A screen that lists the names matching a query, loaded through useAdminData. */
function NamesScreen({ requests }: { requests: Request[] }) {
  const [query, setQuery] = useState("a");
  const names = useAdminData(
    () => {
      const request = { ...deferred<string[]>(), query };
      requests.push(request);
      return request.promise;
    },
    [query],
    (list) => list.length === 0,
  );
  return (
    <>
      <button type="button" onClick={() => setQuery("b")}>
        Search b
      </button>
      <button type="button" onClick={() => names.update((list) => list.slice(1))}>
        Remove first
      </button>
      <AdminDataView data={names} loading="Loading names..." error="The names could not be loaded." empty={<p>No names yet.</p>}>
        {(list) => (
          <ul>
            {list.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </AdminDataView>
    </>
  );
}

describe("useAdminData with AdminDataView", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the loading state, then the data, and applies a change made on the screen", async () => {
    const requests: Request[] = [];
    render(<NamesScreen requests={requests} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading names...");
    await act(async () => requests[0]!.resolve(["Ada", "Bola"]));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Ada", "Bola"]);

    await userEvent.click(screen.getByRole("button", { name: "Remove first" }));
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Bola"]);
  });

  it("shows the empty message when there is nothing to show", async () => {
    const requests: Request[] = [];
    render(<NamesScreen requests={requests} />);
    await act(async () => requests[0]!.resolve([]));
    expect(screen.getByText("No names yet.")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("says what failed and loads again on 'Try again'", async () => {
    const requests: Request[] = [];
    render(<NamesScreen requests={requests} />);
    await act(async () => requests[0]!.reject(new Error("offline")));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The names could not be loaded.");

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(requests).toHaveLength(2);
    expect(screen.getByRole("status")).toHaveTextContent("Loading names...");
    await act(async () => requests[1]!.resolve(["Chidi"]));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("listitem")).toHaveTextContent("Chidi");
  });

  it("loads again when its inputs change, and drops an answer that arrives after that", async () => {
    const requests: Request[] = [];
    render(<NamesScreen requests={requests} />);
    await userEvent.click(screen.getByRole("button", { name: "Search b" }));
    expect(requests.map((request) => request.query)).toEqual(["a", "b"]);

    await act(async () => requests[1]!.resolve(["Bola"]));
    await act(async () => requests[0]!.resolve(["Ada"]));
    expect(screen.getByRole("listitem")).toHaveTextContent("Bola");
  });
});
