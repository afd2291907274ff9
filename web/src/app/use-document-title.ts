import { useEffect } from 'react';
import { documentTitle } from './pages';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
