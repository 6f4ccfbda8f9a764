import { DEFAULT_SETTINGS, evolveSettings, isEventOf, settingsEvents, type SettingsEvent, type SystemSettings } from '@credit/events';
import type { Decider } from '../commandHandling';

export type ChangeSettings = { type: 'ChangeSettings'; settings: SystemSettings; apiKeyChanged: boolean };

/** Settings change as a whole; saving what is already there (and no new key) writes nothing. */
export const settingsDecider: Decider<SystemSettings, ChangeSettings, SettingsEvent> = {
  isEvent: isEventOf(settingsEvents),
  initialState: () => DEFAULT_SETTINGS,
  evolve: evolveSettings,
  decide: (command, state) => {
    const unchanged = (Object.keys(command.settings) as (keyof SystemSettings)[]).every((key) => command.settings[key] === state[key]);
    if (unchanged && !command.apiKeyChanged) return [];
    return [{ type: 'SystemSettingsChanged', data: { ...command.settings, apiKeyChanged: command.apiKeyChanged } }];
  },
};
