import { EventBus } from './event-bus';

describe('event bus', () => {
  it('delivers each event only to listeners of its type', () => {
    const bus = new EventBus();
    const languages: string[] = [];
    const toasts: string[] = [];
    const a = bus.on('language.changed').subscribe((event) => languages.push(event.language));
    const b = bus.on('toast.requested').subscribe((event) => toasts.push(event.title));
    bus.emit('language.changed', { language: 'MS' });
    bus.emit('toast.requested', { status: 'success', title: 'Saved' });
    expect(languages).toEqual(['MS']);
    expect(toasts).toEqual(['Saved']);
    a.unsubscribe();
    b.unsubscribe();
  });

  it('stops delivering after unsubscribe', () => {
    const bus = new EventBus();
    const seen: string[] = [];
    const subscription = bus
      .on('application.updated')
      .subscribe((event) => seen.push(event.applicationId));
    bus.emit('application.updated', { applicationId: '1' });
    subscription.unsubscribe();
    bus.emit('application.updated', { applicationId: '2' });
    expect(seen).toEqual(['1']);
  });

  it('stamps every event with its time and type', () => {
    const bus = new EventBus();
    const all: string[] = [];
    const subscription = bus
      .all()
      .subscribe((event) => all.push(`${event.type}@${typeof event.at}`));
    bus.emit('session.changed', { loggedIn: false, userId: null });
    expect(all).toEqual(['session.changed@number']);
    subscription.unsubscribe();
  });
});
