// Each component from its own package: the umbrella @react-email/components would bring Tailwind into production.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { render, toPlainText } from "@react-email/render";
import { ISSUE_LIMITS, UNSUBSCRIBE_PLACEHOLDER, type IssueLanguageContent, type IssueMailProps } from "~/modules/newsletter/issues/issue-content";

const FONT = "Georgia, 'Times New Roman', serif";
const styles = {
  body: { backgroundColor: "#f6f4ef", margin: 0, padding: "16px 0", fontFamily: FONT, color: "#1f2a24" },
  container: { backgroundColor: "#ffffff", maxWidth: "600px", padding: "24px" },
  site: { fontSize: "14px", letterSpacing: "0.08em", textTransform: "uppercase" as const, color: "#2f5d46", margin: "0 0 16px" },
  title: { fontSize: "28px", lineHeight: "1.25", margin: "16px 0" },
  body_: { fontSize: "17px", lineHeight: "1.6" },
  button: { backgroundColor: "#2f5d46", color: "#ffffff", padding: "12px 20px", borderRadius: "6px", fontSize: "16px", textDecoration: "none" },
  footer: { fontSize: "13px", lineHeight: "1.5", color: "#55605a" },
};

/** The newsletter issue as a mail: table-based markup from React Email, styles inline, no tracking of any kind. */
export function IssueMail(props: IssueMailProps) {
  return (
    <Html lang={props.language}>
      <Head>
        <title>{props.subject}</title>
      </Head>
      <Preview>{props.preheader || props.title}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.site}>{props.siteName}</Text>
          {props.cover && <Img src={props.cover.url} alt={props.cover.alt} width="552" style={{ width: "100%", height: "auto", borderRadius: "4px" }} />}
          <Heading as="h1" style={styles.title}>
            {props.title}
          </Heading>
          <Section style={styles.body_}>
            <div dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
          </Section>
          <Section style={{ margin: "24px 0" }}>
            <Button href={props.link} style={styles.button}>
              {props.texts.readOnSite}
            </Button>
          </Section>
          <Hr />
          <Text style={styles.footer}>{props.footer.senderLine}</Text>
          {props.footer.postalAddress && <Text style={{ ...styles.footer, whiteSpace: "pre-line" }}>{props.footer.postalAddress}</Text>}
          <Text style={styles.footer}>
            {props.texts.why} <Link href={UNSUBSCRIBE_PLACEHOLDER}>{props.texts.unsubscribe}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * Renders one language's mail, HTML and plain text with the same content. When the whole text would
 * take the HTML past Gmail's clipping limit, the summary is sent with a link to the rest.
 */
export async function renderIssueMail(props: IssueMailProps): Promise<IssueLanguageContent> {
  let truncated = false;
  let html = await render(<IssueMail {...props} />);
  if (Buffer.byteLength(html) > ISSUE_LIMITS.htmlBytes) {
    truncated = true;
    const bodyHtml = `${props.summaryHtml}<p><a href="${props.link}">${props.texts.continueReading}</a></p>`;
    html = await render(<IssueMail {...props} bodyHtml={bodyHtml} />);
  }
  const text = toPlainText(html);
  return { subject: props.subject, preheader: props.preheader, title: props.title, link: props.link, html, text, truncated };
}
