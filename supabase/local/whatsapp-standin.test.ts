import { describe, expect, it } from "vitest";
import { createWhatsAppStandin, whatsappStandinSettings } from "./whatsapp-standin";

/** The stand-in refuses what the WhatsApp Cloud API refuses, in the Graph API's error shape. */
describe("the WhatsApp Cloud API stand-in", () => {
  const standin = createWhatsAppStandin("/wa");
  const settings = whatsappStandinSettings("http://127.0.0.1", standin);
  const message = (
    overrides: Record<string, unknown> = {},
    parameters = ["Ada Obi", "Web Design & Development", "https://ascenddigital.ng/admin/leads/1"],
  ) => ({
    messaging_product: "whatsapp",
    to: "2348012345678",
    type: "template",
    template: {
      name: settings.WHATSAPP_TEMPLATE,
      language: { code: settings.WHATSAPP_TEMPLATE_LANGUAGE },
      components: [{ type: "body", parameters: parameters.map((text) => ({ type: "text", text })) }],
    },
    ...overrides,
  });
  const post = (body: unknown, token = settings.WHATSAPP_TOKEN, phoneNumberId = settings.WHATSAPP_PHONE_NUMBER_ID) =>
    standin.handler(
      new Request(`${settings.WHATSAPP_GRAPH_URL}/${phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  const refusal = async (response: Response, status = 400) => {
    expect(response.status).toBe(status);
    const { error } = (await response.json()) as {
      error: { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string };
    };
    expect(error).toMatchObject({
      message: expect.any(String),
      type: "OAuthException",
      code: expect.any(Number),
      fbtrace_id: expect.any(String),
    });
    return error;
  };

  it("points the sender's settings at itself", () => {
    expect(settings.WHATSAPP_GRAPH_URL).toBe("http://127.0.0.1/wa/v23.0");
    expect(settings).toMatchObject({
      WHATSAPP_TEMPLATE: "new_lead_alert",
      WHATSAPP_TEMPLATE_LANGUAGE: "en",
      WHATSAPP_NOTIFY_TO: expect.stringMatching(/^\d+$/),
    });
  });

  it("accepts a valid template message with the Cloud API's answer, and keeps it", async () => {
    standin.clear();
    const response = await post(message());
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      messaging_product: string;
      contacts: { input: string; wa_id: string }[];
      messages: { id: string }[];
    };
    expect(body).toEqual({
      messaging_product: "whatsapp",
      contacts: [{ input: "2348012345678", wa_id: "2348012345678" }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    expect(standin.received()).toEqual([
      {
        id: body.messages[0]!.id,
        at: expect.any(String),
        to: "2348012345678",
        template: "new_lead_alert",
        language: "en",
        parameters: ["Ada Obi", "Web Design & Development", "https://ascenddigital.ng/admin/leads/1"],
      },
    ]);
    const listed = await standin.handler(new Request("http://127.0.0.1/wa.json"));
    expect(((await listed.json()) as { received: unknown[] }).received).toHaveLength(1);
    const page = await (await standin.handler(new Request("http://127.0.0.1/wa"))).text();
    expect(page).toContain("+2348012345678");
    expect(page).toContain("Web Design &amp; Development");
  });

  it("refuses a missing or wrong token with 190 and HTTP 401", async () => {
    expect((await refusal(await post(message(), "wrong"), 401)).code).toBe(190);
    const response = await standin.handler(
      new Request(`${settings.WHATSAPP_GRAPH_URL}/${settings.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
        method: "POST",
        body: JSON.stringify(message()),
      }),
    );
    expect((await refusal(response, 401)).code).toBe(190);
  });

  it("refuses an unknown phone number id (100, subcode 33)", async () => {
    expect(await refusal(await post(message(), undefined, "999"))).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it("accepts the client's proposal template as well, with its own three parameters", async () => {
    standin.clear();
    const proposal = message({}, [
      "Adéọlá Obi",
      "P-0042 (GrowthSite)",
      "https://ascenddigital.ng/proposals/view#token=x",
    ]);
    proposal.template.name = settings.WHATSAPP_PROPOSAL_TEMPLATE!;
    expect((await post(proposal)).status).toBe(200);
    expect(standin.received()[0]).toMatchObject({
      template: "proposal_link",
      parameters: proposal.template.components[0]!.parameters.map((p) => p.text),
    });
    expect((await refusal(await post({ ...proposal, template: { ...proposal.template, components: [] } }))).code).toBe(
      132000,
    );
  });

  it("refuses a wrong template name or language (132001)", async () => {
    const wrongName = message();
    wrongName.template.name = "lead_alert_v2";
    expect((await refusal(await post(wrongName), 404)).code).toBe(132001);
    const wrongLanguage = message();
    wrongLanguage.template.language.code = "en_US";
    expect((await refusal(await post(wrongLanguage), 404)).code).toBe(132001);
  });

  it("refuses the wrong number of body parameters (132000)", async () => {
    expect((await refusal(await post(message({}, ["Ada Obi", "Web Design"])))).code).toBe(132000);
    expect((await refusal(await post(message({}, ["a", "b", "c", "d"])))).code).toBe(132000);
  });

  it("refuses a number that is not E.164 digits, a product other than whatsapp and a message that is not a template", async () => {
    for (const to of ["+2348012345678", "08012345678", "234 801 234 5678", "12"])
      expect((await refusal(await post(message({ to })))).code).toBe(131009);
    expect((await refusal(await post(message({ messaging_product: "sms" })))).code).toBe(100);
    expect((await refusal(await post(message({ type: "text" })))).code).toBe(100);
  });

  it("refuses a body parameter with a line break (131009)", async () => {
    expect((await refusal(await post(message({}, ["Ada\nObi", "Web", "https://x"])))).code).toBe(131009);
  });
});
