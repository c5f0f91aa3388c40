// Demo news announcements (product-spec sections 3, 4 and 7), each written in every interface
// language as the bank would publish it: one for everyone, one a business must accept or
// decline, and one for personal customers. Seeded once; their own id range (180001 on) moves
// no other demo id.
import type { Db } from '../db/open-database.ts'
import { announcements, type AnnouncementText } from '../db/schema-announcements.ts'

type Texts = Record<'en' | 'es' | 'pt' | 'ro' | 'ru' | 'ua', AnnouncementText>

const globalPayments: Texts = {
  en: {
    title: 'Send money to anyone abroad',
    body: 'Global payments are here: send to an e-mail address, and the recipient chooses how to be paid in their country.',
  },
  es: {
    title: 'Envíe dinero a cualquier persona en el extranjero',
    body: 'Llegan los pagos globales: envíe a una dirección de correo y el destinatario elige cómo cobrar en su país.',
  },
  pt: {
    title: 'Envie dinheiro para qualquer pessoa no estrangeiro',
    body: 'Chegaram os pagamentos globais: envie para um endereço de e-mail e o destinatário escolhe como receber no seu país.',
  },
  ro: {
    title: 'Trimiteți bani oricui în străinătate',
    body: 'Au sosit plățile globale: trimiteți la o adresă de e-mail, iar destinatarul alege cum este plătit în țara sa.',
  },
  ru: {
    title: 'Отправляйте деньги кому угодно за границу',
    body: 'Появились глобальные платежи: отправьте на адрес электронной почты, а получатель сам выберет, как получить деньги в своей стране.',
  },
  ua: {
    title: 'Надсилайте гроші будь-кому за кордон',
    body: 'З’явилися глобальні платежі: надішліть на адресу електронної пошти, а одержувач сам обере, як отримати гроші у своїй країні.',
  },
}

const feeSchedule: Texts = {
  en: {
    title: 'New fee schedule from 1 January',
    body: 'The fee of an external wire falls to 0.8% from 1 January. Please accept the new schedule, or decline it to keep the current one until your agreement ends.',
  },
  es: {
    title: 'Nuevas tarifas desde el 1 de enero',
    body: 'La comisión de una transferencia externa baja al 0,8 % desde el 1 de enero. Acepte las nuevas tarifas o recházalas para mantener las actuales hasta que termine su contrato.',
  },
  pt: {
    title: 'Nova tabela de tarifas a partir de 1 de janeiro',
    body: 'A tarifa de uma transferência externa desce para 0,8% a partir de 1 de janeiro. Aceite a nova tabela ou recuse-a para manter a atual até ao fim do seu contrato.',
  },
  ro: {
    title: 'Tarife noi de la 1 ianuarie',
    body: 'Comisionul unui transfer extern scade la 0,8% de la 1 ianuarie. Acceptați tarifele noi sau refuzați-le pentru a le păstra pe cele actuale până la încheierea contractului.',
  },
  ru: {
    title: 'Новые тарифы с 1 января',
    body: 'Комиссия за внешний перевод снижается до 0,8% с 1 января. Примите новые тарифы или откажитесь от них, чтобы сохранить текущие до окончания договора.',
  },
  ua: {
    title: 'Нові тарифи з 1 січня',
    body: 'Комісія за зовнішній переказ знижується до 0,8% з 1 січня. Прийміть нові тарифи або відмовтеся від них, щоб зберегти поточні до закінчення договору.',
  },
}

const maintenance: Texts = {
  en: {
    title: 'Card payments paused briefly on Sunday night',
    body: 'On Sunday between 02:00 and 02:30 UTC card payments may be declined while we upgrade our systems. Transfers are not affected.',
  },
  es: {
    title: 'Pausa breve de los pagos con tarjeta el domingo por la noche',
    body: 'El domingo entre las 02:00 y las 02:30 UTC los pagos con tarjeta pueden rechazarse mientras actualizamos nuestros sistemas. Las transferencias no se ven afectadas.',
  },
  pt: {
    title: 'Pagamentos com cartão em pausa breve no domingo à noite',
    body: 'No domingo, entre as 02:00 e as 02:30 UTC, os pagamentos com cartão podem ser recusados enquanto atualizamos os nossos sistemas. As transferências não são afetadas.',
  },
  ro: {
    title: 'Plățile cu cardul, oprite scurt duminică noaptea',
    body: 'Duminică între 02:00 și 02:30 UTC plățile cu cardul pot fi refuzate cât timp actualizăm sistemele. Transferurile nu sunt afectate.',
  },
  ru: {
    title: 'Короткая пауза в оплате картой в ночь на воскресенье',
    body: 'В воскресенье с 02:00 до 02:30 UTC оплата картой может отклоняться, пока мы обновляем системы. Переводы работают как обычно.',
  },
  ua: {
    title: 'Коротка пауза в оплаті карткою в ніч на неділю',
    body: 'У неділю з 02:00 до 02:30 UTC оплата карткою може відхилятися, поки ми оновлюємо системи. Перекази працюють як звичайно.',
  },
}

export async function seedAnnouncementsDemo(db: Db): Promise<void> {
  const [seeded] = await db.select({ id: announcements.id }).from(announcements).limit(1)
  if (seeded) return
  const day = 86_400_000
  const now = Date.now()
  await db.insert(announcements).values([
    { texts: maintenance, audience: 'personal', publishedAt: new Date(now - 3 * day) },
    {
      texts: feeSchedule,
      audience: 'business',
      withConfirmation: true,
      publishedAt: new Date(now - 2 * day),
    },
    { texts: globalPayments, audience: 'all', publishedAt: new Date(now - day) },
  ])
}
