/**
 * The import story's file (issue 14 §8): 1,000 data rows, of which 20 are bad (10 without a phone,
 * 10 with too few digits) and 50 repeat an earlier row's phone (half of them without the ninth
 * digit), so a fresh import creates 930 contacts and refuses 70 rows, each with its line.
 */
export interface ContactsCsv {
  text: string;
  created: number;
  refusedLines: number[];
}

export function contactsCsv(areaCode = '48'): ContactsCsv {
  const lines = ['nome;telefone;cpf;grupo'];
  const phones: string[] = [];
  const refusedLines: number[] = [];
  let created = 0;
  for (let i = 0; i < 1000; i += 1) {
    const line = i + 2;
    if (i % 100 === 10) {
      lines.push(`Sem Telefone ${i};;;`);
      refusedLines.push(line);
    } else if (i % 100 === 60) {
      lines.push(`Telefone Curto ${i};12345;;`);
      refusedLines.push(line);
    } else if (i % 20 === 15 && phones.length > 0) {
      const earlier = phones[i % phones.length] ?? '';
      const digits = earlier.replace(/\D/g, '');
      // Every other repeat drops the ninth digit: the same contact to WhatsApp.
      const written = i % 40 === 15 ? `(${areaCode}) ${digits.slice(3, 7)}-${digits.slice(7)}` : earlier;
      lines.push(`Repetido ${i};${written};;`);
      refusedLines.push(line);
    } else {
      const number = `9${String(8000_0000 + i).padStart(8, '0')}`;
      const phone = `(${areaCode}) ${number.slice(0, 5)}-${number.slice(5)}`;
      phones.push(phone);
      lines.push(`Cliente ${String(i).padStart(4, '0')};${phone};${String(10_000_000_000 + i)};${i % 3 === 0 ? 'Atacado' : 'Varejo'}`);
      created += 1;
    }
  }
  return { text: `${lines.join('\n')}\n`, created, refusedLines };
}
