// The Vue example: the session and the report machine followed with `pam-client/vue`.
import '../shared/styles.css';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
