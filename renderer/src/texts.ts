/**
 * The few words the renderer owns. Everything else on screen comes from the server
 * (screens/texts/pt-BR.json) so that operations can change it without a release.
 */
export const TEXTS = {
  loading: 'Buscando...',
  retry: 'Tentar novamente',
  close: 'Fechar',
  home: 'Início',
  logout: 'Sair',
  errorTitle: 'Ops ;)',
  networkError: 'Não foi possível conectar. Verifique sua internet e tente novamente.',
  skipToContent: 'Ir para o conteúdo',
  screenFailed: 'Não foi possível mostrar esta tela.',
  copyManuallyTitle: 'Copie o código manualmente',
  copyManuallyHint: 'Não foi possível copiar automaticamente. O código já está selecionado: copie pelo menu do aparelho ou pelo atalho do teclado.',
  copiedCode: 'Código',
} as const;
