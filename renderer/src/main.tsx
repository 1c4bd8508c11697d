import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ScreenRoute } from './screen/ScreenRoute.js';
import { GlobalUi } from './ui/GlobalUi.js';
import { UiProvider } from './ui/UiContext.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <UiProvider>
        <Routes>
          <Route path="*" element={<ScreenRoute />} />
        </Routes>
        <GlobalUi />
      </UiProvider>
    </BrowserRouter>
  </StrictMode>,
);
