import {
  ComplianceNote,
  FeatureList,
  SideCard,
  type ToolProps,
  ToolShell,
  useToolContext,
} from '../../shell';

function Features() {
  const { messages } = useToolContext();
  return (
    <SideCard title={messages.featuresHeading} part="features">
      <FeatureList
        items={[
          messages.wordFeatureText,
          messages.wordFeatureLayout,
          messages.wordFeatureImages,
          messages.wordFeatureOcr,
        ]}
      />
    </SideCard>
  );
}

/** PDF to Word: one PDF; the features card lists what the conversion keeps. */
export function PdfToWord(props: ToolProps) {
  return <ToolShell toolId="pdf-to-word" {...props} aside={<Features />} notes={<ComplianceNote />} />;
}
