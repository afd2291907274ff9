import { configure } from '@testing-library/react';

// A screen under test reads its rows from IndexedDB and draws antd's components: on a shared CI machine that
// can take longer than testing-library's default second before a `findBy…` or `waitFor` sees it. Waiting
// longer changes nothing for code that works and still fails code that never shows what is asked.
configure({ asyncUtilTimeout: 5_000 });
