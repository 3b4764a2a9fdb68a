/**
 * Landing section 6: the FAQ accordion (spec part 1, section 2): 8 questions, one open at a time,
 * and an open one closes again. Each question is a real button in a heading whose `aria-expanded`
 * says whether its answer shows and whose `aria-controls` names the answer, so the keyboard (Tab,
 * Enter, Space) and screen readers get it from the platform.
 */
import { useId, useState } from 'react';
import { FAQ_ITEMS } from './faq.items';

export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <section className="landing-section" aria-labelledby="landing-faq" data-section="faq">
      <h2 id="landing-faq">Frequently asked questions</h2>
      <div className="landing-faq">
        {FAQ_ITEMS.map(({ question, answer }, index) => {
          const expanded = open === index;
          const buttonId = `${baseId}-question-${index}`;
          const panelId = `${baseId}-answer-${index}`;
          return (
            <div key={question} className="landing-faq-item">
              <h3>
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : index)}
                >
                  {question}
                </button>
              </h3>
              <section
                id={panelId}
                className="landing-faq-answer"
                aria-labelledby={buttonId}
                hidden={!expanded}
              >
                <p>{answer}</p>
              </section>
            </div>
          );
        })}
      </div>
    </section>
  );
}
