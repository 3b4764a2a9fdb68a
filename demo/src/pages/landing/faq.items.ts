/** The landing FAQ's 8 questions: answers state what the software does, nothing more. */
export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'Where are my files processed?',
    answer:
      'On the conversion server you run: on your own machine, in your data centre or in your cloud account. The studio sends files only to that server.',
  },
  {
    question: 'How long are files kept?',
    answer:
      'Uploads and results are deleted automatically after the retention period, three hours unless you set RETENTION_MINUTES. You can also delete a file yourself at once.',
  },
  {
    question: 'Are files encrypted?',
    answer:
      'Yes, at rest: every stored file is encrypted with AES-256-GCM, and keys can be rotated. Encryption in transit is the TLS of the reverse proxy you put in front of the server.',
  },
  {
    question: 'Is docstudio HIPAA or SOC 2 certified?',
    answer:
      'No. docstudio is software, and certifications belong to an organisation and how it operates. It gives you controls that help (encryption at rest, automatic deletion, verified redaction, per-user isolation); your own assessment decides the rest.',
  },
  {
    question: 'Can redaction be undone?',
    answer:
      'No. Redaction removes the text from the page content and blanks the pixels underneath, and each page is verified with a second engine. Keep a copy of the original if you may need it.',
  },
  {
    question: 'Which engines do the conversions?',
    answer:
      'LibreOffice for Office files, Chromium for web pages and HTML, qpdf and Ghostscript for PDF processing, Tesseract for OCR (27 languages), and MuPDF for pages, images and redaction.',
  },
  {
    question: 'Can I automate conversions?',
    answer:
      'Yes. Chain tools into a workflow and run it in one go, or call the REST API with an API key from your account; the API documentation page describes every call.',
  },
  {
    question: 'Can I put the tools in my own application?',
    answer:
      'Yes. Each tool is a React component and a custom element that talks to your server, themed with CSS variables.',
  },
];
