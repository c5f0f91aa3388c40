// additionalQuestions: the additional questions of business registration, transformed by id
// as product-spec section 3 says (question-transform.ts) once, at import.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import questionList from './data/additional-questions.json' with { type: 'json' }
import { transformQuestions, type Question } from './question-transform.ts'

const additionalQuestions = transformQuestions(questionList as Question[])

export const handler: Handler<'additionalQuestions'> = async () => rpcOk({ additionalQuestions })
