import { PageFrame } from '@lending/ui';

import { Sections } from './sections';
import { type HelpSection, useHelpContent } from './use-help-content';

interface About {
  title: string;
  lead: string;
  sections: HelpSection[];
}

export function AboutPage() {
  const about = useHelpContent<About>('about');
  return (
    <PageFrame title={about.title} description={about.lead}>
      <Sections sections={about.sections} />
    </PageFrame>
  );
}
