import { z } from 'zod';
import { fieldTexts as t } from '../../texts';
import { idInput } from '../users/user-inputs';
import { departmentTexts } from './texts';

const name = z.string(departmentTexts.nameRequired).trim().min(1, departmentTexts.nameRequired).max(80, t.tooLong);
const instanceIds = z.array(idInput).max(500).nullish();

export const userDepartmentsInput = z.object({
  search: z.string().trim().max(80, t.tooLong).nullish(),
  activated: z.boolean().nullish(),
});

export const createUserDepartmentInput = z.object({ name, activated: z.boolean().nullish(), instance_ids: instanceIds });

export const updateUserDepartmentInput = z.object({
  id: idInput,
  name: name.nullish(),
  activated: z.boolean().nullish(),
  instance_ids: instanceIds,
  move_to_department_id: idInput.nullish(),
});

export const deleteUserDepartmentInput = z.object({ id: idInput, move_to_department_id: idInput.nullish() });
