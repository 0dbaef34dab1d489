import { Card } from 'antd';
import { lazy, Suspense } from 'react';
import type { InvoicePanel } from '../../app/extensions';

const DocumentsPanel = lazy(() => import('./documents-panel'));
const NotesPanel = lazy(() => import('./notes-panel'));

export const invoicePanels: InvoicePanel[] = [
  {
    key: 'documents',
    order: 20,
    Component: (props) => (
      <Suspense fallback={<Card size="small" title="Documents" loading />}>
        <DocumentsPanel {...props} />
      </Suspense>
    ),
  },
  {
    key: 'notes',
    order: 30,
    Component: (props) => (
      <Suspense fallback={<Card size="small" title="Private notes" loading />}>
        <NotesPanel {...props} />
      </Suspense>
    ),
  },
];
