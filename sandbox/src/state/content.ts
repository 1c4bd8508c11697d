/**
 * Content the back office serves besides quotas: FAQ per partner, notifications (informativos)
 * per persona, branches and the customers' preferences. Seeds are constants; what customers
 * change (feedback, read marks, preferences) lives in ContentState and starts afresh on reset.
 */

export interface FaqQuestion {
  id: number;
  question: string;
  /** Slug the app may ask for (question_url). */
  url: string;
  answer: string;
}

export interface FaqTopic {
  id: number;
  category: string;
  questions: FaqQuestion[];
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function topic(id: number, category: string, items: Array<[number, string, string]>): FaqTopic {
  return { id, category, questions: items.map(([qid, question, answer]) => ({ id: qid, question, url: slug(question), answer })) };
}

/** Realistic pt-BR FAQ, by partner id. Question ids are unique across partners. */
export const FAQ: Record<number, FaqTopic[]> = {
  1: [
    topic(1, 'Boletos e pagamentos', [
      [101, 'Como emito a segunda via do boleto?', 'Acesse Boletos, escolha a parcela em aberto e toque em Gerar boleto. A linha digitável e o código de barras ficam disponíveis na hora; quando o boleto vem com Pix, também o QR Code e o código Pix copia e cola.'],
      [102, 'Paguei o boleto, quando a parcela aparece como paga?', 'A compensação leva até 3 dias úteis. Depois disso a parcela aparece como paga no extrato da cota.'],
      [103, 'Posso unificar parcelas de mais de uma cota?', 'Sim. Em Boletos, toque em Unificar parcelas, selecione as cotas e as parcelas e gere um único boleto.'],
      [104, 'Como renegocio parcelas em atraso?', 'Em Boletos, toque em Renegociar e siga os passos: escolha as parcelas disponíveis, confira o resumo e confirme.'],
      [105, 'O que acontece se eu atrasar uma parcela?', 'Sobre a parcela em atraso incidem multa e juros previstos em contrato, e a cota fica impedida de ofertar lances até a regularização.'],
      [106, 'Posso pagar parcelas adiantadas?', 'Sim. O pagamento antecipado pode reduzir o prazo ou o valor das parcelas, conforme a opção escolhida.'],
      [107, 'Onde encontro o comprovante anual de pagamentos?', 'Em Perfil, Documentos, Comprovante anual. O arquivo fica disponível a partir de fevereiro de cada ano.'],
      [108, 'Como recebo o boleto por e-mail?', 'Depois de gerar o boleto, toque em Enviar por e-mail. Ele chega no endereço cadastrado no seu perfil.'],
      [109, 'Posso pagar o boleto com cartão de crédito?', 'Não. O boleto pode ser pago em bancos, lotéricas e internet banking pela linha digitável ou, quando vem com Pix, pelo QR Code ou pelo código Pix copia e cola no aplicativo do seu banco.'],
      [110, 'Meu boleto venceu, e agora?', 'Gere um novo boleto com a data atualizada em Boletos. Os encargos do atraso já vêm calculados.'],
      [111, 'Como altero a forma de recebimento dos boletos?', 'Em Boletos, Recebimento de boleto, escolha entre e-mail e correio. A forma pode ser alterada uma vez a cada 24 horas.'],
    ]),
    topic(2, 'Lances e contemplação', [
      [201, 'O que é lance embutido?', 'É o uso de parte do próprio crédito para ofertar o lance. O valor embutido é descontado do crédito na contemplação.'],
      [202, 'Até quando posso ofertar um lance?', 'Os lances são aceitos até 1 dia antes da data da assembleia.'],
      [203, 'Como sei se fui contemplado?', 'O resultado da assembleia aparece em Assembleias e você também recebe uma notificação no aplicativo.'],
    ]),
    topic(3, 'Cadastro e acesso', [
      [301, 'Como altero meu e-mail ou telefone?', 'Em Perfil, E-mail e telefone. A alteração é confirmada por um código enviado por SMS.'],
      [302, 'Esqueci minha senha, o que faço?', 'Na tela de entrada, toque em Esqueci minha senha e informe seu CPF ou CNPJ e a data de nascimento ou fundação.'],
    ]),
  ],
  68: [
    topic(11, 'Pagamentos', [
      [1101, 'Como gero o boleto da minha parcela?', 'Em Boletos, escolha a parcela e toque em Gerar boleto. Quando o boleto vem com Pix, você também pode ler o QR Code ou copiar o código Pix.'],
      [1102, 'Em quanto tempo meu pagamento é confirmado?', 'Em até 3 dias úteis após o pagamento.'],
    ]),
    topic(12, 'Transferência de cota', [
      [1201, 'Posso transferir minha cota para outra pessoa?', 'Sim, desde que a cota não esteja contemplada, não tenha parcelas em atraso e esteja na versão 0.'],
    ]),
  ],
};

export interface NotificationSeed {
  id: number;
  titulo: string;
  texto: string;
  enviadaHaDias: number;
  lida: boolean;
}

/** Notifications (informativos) per persona; a persona without any gets 404 from the back office. */
export const NOTIFICATIONS: Record<string, NotificationSeed[]> = {
  ana: [
    { id: 9003, titulo: 'Sua próxima assembleia está chegando', texto: 'A próxima assembleia do grupo 001234 acontece em 10 dias. Se quiser ofertar um lance, faça isso até 1 dia antes.', enviadaHaDias: 1, lida: false },
    { id: 9002, titulo: 'Pagamento confirmado', texto: 'Recebemos o pagamento da sua 12ª parcela. Obrigado por manter sua cota em dia!', enviadaHaDias: 12, lida: true },
    { id: 9001, titulo: 'Bem-vinda ao aplicativo', texto: 'Agora você acompanha sua cota, boletos, lances e assembleias em um só lugar.', enviadaHaDias: 40, lida: true },
  ],
};

export interface Branch {
  id: number;
  estado: string;
  cidade: string;
  nome: string;
  endereco: string;
  telefone: string;
  horario: string;
}

const HORARIO = 'Segunda a sexta, das 9h às 18h';

export const BRANCHES: Branch[] = [
  { id: 1, estado: 'SP', cidade: 'São Paulo', nome: 'Filial Paulista', endereco: 'Av. Paulista, 1000 – Bela Vista, 01310-100', telefone: '1130001000', horario: HORARIO },
  { id: 2, estado: 'SP', cidade: 'São Paulo', nome: 'Filial Santana', endereco: 'Rua Voluntários da Pátria, 2200 – Santana, 02011-200', telefone: '1130002000', horario: HORARIO },
  { id: 3, estado: 'SP', cidade: 'Campinas', nome: 'Filial Campinas', endereco: 'Av. Francisco Glicério, 800 – Centro, 13012-100', telefone: '1930003000', horario: HORARIO },
  { id: 4, estado: 'RJ', cidade: 'Rio de Janeiro', nome: 'Filial Centro Rio', endereco: 'Av. Rio Branco, 120 – Centro, 20040-001', telefone: '2130004000', horario: HORARIO },
  { id: 5, estado: 'MG', cidade: 'Belo Horizonte', nome: 'Filial Savassi', endereco: 'Rua Pernambuco, 500 – Savassi, 30130-150', telefone: '3130005000', horario: HORARIO },
  { id: 6, estado: 'PR', cidade: 'Curitiba', nome: 'Filial Batel', endereco: 'Av. do Batel, 1500 – Batel, 80420-090', telefone: '4130006000', horario: HORARIO },
  { id: 7, estado: 'RS', cidade: 'Porto Alegre', nome: 'Filial Moinhos', endereco: 'Rua Padre Chagas, 300 – Moinhos de Vento, 90570-080', telefone: '5130007000', horario: HORARIO },
  { id: 8, estado: 'BA', cidade: 'Salvador', nome: 'Filial Salvador', endereco: 'Av. Tancredo Neves, 900 – Caminho das Árvores, 41820-020', telefone: '7130008000', horario: HORARIO },
  { id: 9, estado: 'PE', cidade: 'Recife', nome: 'Filial Boa Viagem', endereco: 'Av. Conselheiro Aguiar, 1200 – Boa Viagem, 51111-010', telefone: '8130009000', horario: HORARIO },
  { id: 10, estado: 'DF', cidade: 'Brasília', nome: 'Filial Asa Sul', endereco: 'SCS Quadra 2, Bloco C – Asa Sul, 70302-000', telefone: '6130010000', horario: HORARIO },
];

export interface NotificationPreference {
  formaEnvio: string;
  /** ISO instant of the last change; null when never changed. */
  dataAlteracao: string | null;
}

/** What customers changed: FAQ feedback, notifications read, preferences. */
export class ContentState {
  /** `${customer}:${questionId}` → is_helpful. */
  readonly feedback = new Map<string, boolean>();
  /** customer → ids of notifications read since the seed. */
  readonly read = new Map<string, Set<number>>();
  /** customer → block_push_notification. */
  readonly blockPush = new Map<string, boolean>();
  /** idCota → notification preference (formaEnvio), absent = default e-mail never changed. */
  readonly notificationPreference = new Map<number, NotificationPreference>();
  /** customer → the flow-evaluation state (assessmentUser). */
  readonly assessment = new Map<string, { assessmented: boolean; liked: boolean | null; nextAppearance: string | null }>();
  /** Evaluations received (usuarios/avaliacoes), oldest first. */
  readonly evaluations: Array<{ customer: string; name: string; answer: string; partner: number; group_quota: string }> = [];

  reset(): void {
    this.assessment.clear();
    this.evaluations.length = 0;
    this.feedback.clear();
    this.read.clear();
    this.blockPush.clear();
    this.notificationPreference.clear();
  }
}
