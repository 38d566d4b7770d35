import { Construction } from 'lucide-react';
import { PageContainer, PageHeader } from '../../components/layout/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';

/** An honest placeholder for screens that arrive in a later version (nothing fake is shown). */
export function ComingSoonRoute({ title }: { title: string }) {
  return (
    <PageContainer>
      <PageHeader title={title} />
      <EmptyState
        icon={<Construction aria-hidden="true" />}
        message="この画面は今後のバージョンで提供予定です"
        hint="準備ができるまで、もうしばらくお待ちください。"
      />
    </PageContainer>
  );
}
