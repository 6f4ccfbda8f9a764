import type { LegalContent } from './legalContent';

/** Les pages Conditions et Confidentialité en français. */
export const fr: LegalContent = {
  terms: {
    title: 'Conditions d’utilisation',
    summary:
      'Ces conditions régissent l’utilisation de Credit Intelligence par les établissements financiers et leur personnel. En inscrivant un établissement, ou en vous connectant, vous les acceptez au nom de votre établissement.',
    sections: [
      {
        heading: 'Le service',
        paragraphs: [
          'Credit Intelligence est une plateforme de notation du crédit destinée aux banques, coopératives d’épargne et de crédit et institutions de microfinance des zones CEMAC et UEMOA. Un établissement y dépose les dossiers de ses clients ; la plateforme les note à l’aide du modèle de notation tenu par les administrateurs de la plateforme et des paramètres fixés par l’établissement, et renvoie pour chaque client un score, une limite de crédit, un taux d’intérêt et les raisons qui les justifient.',
        ],
      },
      {
        heading: 'Le compte de votre établissement',
        paragraphs: [
          'Un établissement s’inscrit avec son nom et son adresse e-mail professionnelle. Les administrateurs examinent chaque inscription avant la première connexion et peuvent demander des justificatifs ou la refuser.',
        ],
        items: [
          'Tenez les informations d’inscription exactes et à jour.',
          'Gardez les mots de passe secrets et donnez à vos collègues leur propre accès depuis Équipe plutôt que de partager une connexion.',
          'Prévenez-nous sans attendre par la page Assistance si vous pensez qu’un compte a été utilisé par quelqu’un d’autre.',
        ],
      },
      {
        heading: 'Les données de vos clients relèvent de votre responsabilité',
        paragraphs: [
          'Votre établissement choisit les dossiers clients qu’il dépose et dans quel but. Il en reste responsable envers ses clients et son autorité de contrôle. Votre établissement doit notamment :',
        ],
        items: [
          'avoir le droit de collecter ces dossiers et de les utiliser pour évaluer le crédit ;',
          'informer ses clients comme l’exige la loi de son pays ;',
          'ne déposer que ce dont l’évaluation a besoin, et le tenir exact ;',
          'répondre aux demandes de ses clients qui veulent consulter ou corriger leurs données.',
        ],
      },
      {
        heading: 'Les scores éclairent la décision, ils ne la prennent pas',
        paragraphs: [
          'Les résultats sont une aide pour votre équipe crédit. La décision de prêter, ses conditions et leur conformité aux règles de crédit applicables à votre établissement restent les vôtres. Lisez l’explication fournie avec chaque résultat avant de vous y fier.',
        ],
      },
      {
        heading: 'Utilisation acceptable',
        paragraphs: ['Il vous est interdit de :'],
        items: [
          'déposer des données que votre établissement n’a pas le droit de traiter ;',
          'chercher à accéder aux données d’un autre établissement ou aux fonctions d’un administrateur ;',
          'tester, surcharger ou contourner la sécurité de la plateforme.',
        ],
      },
      {
        heading: 'Évolutions et disponibilité',
        paragraphs: [
          'Nous veillons à ce que la plateforme reste disponible et pouvons l’interrompre brièvement pour maintenance. Le modèle de notation et ces conditions peuvent évoluer ; chaque modification du modèle est enregistrée, avec sa date, dans le journal d’audit. Nous annonçons les changements importants de ces conditions avant leur entrée en vigueur.',
        ],
      },
      {
        heading: 'Suspension et clôture',
        paragraphs: [
          'Les administrateurs peuvent désactiver un compte qui enfreint ces conditions, ou le clôturer à la demande de l’établissement. Le sort de ses données est décrit dans la Politique de confidentialité.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['Pour toute question sur ces conditions, écrivez au contact indiqué sur la page Assistance.'],
      },
    ],
  },
  privacy: {
    title: 'Politique de confidentialité',
    summary:
      'Ce que Credit Intelligence traite, pourquoi, pendant combien de temps et comment ces données sont protégées. Elle s’applique aux personnes qui utilisent la plateforme et aux clients dont les établissements déposent les dossiers.',
    sections: [
      {
        heading: 'Qui est responsable',
        paragraphs: [
          'Pour les dossiers clients qu’il dépose, votre établissement décide pourquoi et comment ils sont traités : il en est responsable. Nous les traitons pour son compte, uniquement pour fournir le service. Pour les comptes des personnes qui utilisent la plateforme, c’est nous qui sommes responsables.',
        ],
      },
      {
        heading: 'Ce que nous traitons',
        paragraphs: [],
        items: [
          'Les comptes des établissements : nom, adresse e-mail professionnelle, numéros d’immatriculation et d’agrément, logo, noms et adresses e-mail des membres de l’équipe, et les mots de passe sous forme hachée uniquement.',
          'Les dossiers clients déposés par les établissements : les colonnes de leur modèle de fichier, comme une référence client et les informations financières et personnelles qu’utilise le modèle de notation.',
          'Les scores et résultats : pour chaque client, son score, ses catégories, sa limite de crédit, son taux d’intérêt et leurs raisons.',
          'La piste d’audit : qui a fait quoi et quand, y compris les connexions, les échecs de connexion et l’adresse réseau d’où ils venaient.',
          'Les données d’exploitation : les e-mails envoyés par la plateforme, comme les codes de réinitialisation du mot de passe et les invitations.',
        ],
      },
      {
        heading: 'Pourquoi',
        paragraphs: [
          'Pour noter les dossiers clients de l’établissement qui les a déposés, pour protéger les comptes et pour tenir un enregistrement vérifiable de chaque modification à l’intention de l’établissement, de ses auditeurs et de son autorité de contrôle. Nous ne vendons pas les données, ne les utilisons pas à des fins publicitaires et ne communiquons jamais les clients d’un établissement à un autre.',
        ],
      },
      {
        heading: 'Base légale',
        paragraphs: [
          'Votre établissement traite les données de ses clients sur sa propre base légale, au regard de la loi sur la protection des données personnelles de son pays et des règles de son autorité de supervision bancaire ou de la microfinance (comme la COBAC en zone CEMAC, ou la Commission bancaire de l’UMOA en zone UEMOA) : le plus souvent le crédit demandé par son client, son obligation légale d’évaluer le risque de crédit, ou son intérêt légitime. Nous traitons les comptes des utilisateurs pour exécuter le service convenu avec leur établissement et pour assurer la sécurité de la plateforme.',
        ],
      },
      {
        heading: 'Qui peut les voir',
        paragraphs: [
          'Les utilisateurs de votre établissement, selon le rôle de chacun. Les administrateurs de la plateforme, pour approuver les comptes, tenir le modèle de notation et vous aider. Les auditeurs, en lecture seule, pour les contrôles de conformité. Aucun autre établissement. Nous ne communiquons des données à une autorité que lorsque la loi l’exige.',
        ],
      },
      {
        heading: 'Durée de conservation',
        paragraphs: [],
        items: [
          'Le journal d’audit est en ajout seul : ses entrées ne sont jamais modifiées ni supprimées, et il est conservé pour que l’autorité de contrôle puisse vérifier ce qui s’est passé.',
          'Les dossiers clients déposés et leurs résultats sont conservés tant que le compte de l’établissement existe, puis aussi longtemps que l’autorité de contrôle de l’établissement exige qu’il les garde.',
          'Les données d’exploitation, comme les e-mails envoyés et les tentatives de connexion échouées, sont effacées après la durée de conservation fixée par les administrateurs dans les Paramètres système.',
        ],
      },
      {
        heading: 'Sécurité',
        paragraphs: [],
        items: [
          'Les mots de passe ne sont conservés que sous forme d’empreintes Argon2id ; personne, pas même les administrateurs, ne peut les lire.',
          'Les sessions expirent, et vous êtes déconnecté après 15 minutes d’inactivité.',
          'Chaque modification est enregistrée dans un journal chaîné par empreintes : toute altération d’une entrée passée peut être détectée.',
          'Chaque établissement ne voit que ses propres données ; l’accès à la base de données qu’il ouvre à ses analystes est limité à ses propres lignes par la sécurité au niveau des lignes.',
        ],
      },
      {
        heading: 'Les droits de vos clients et les vôtres',
        paragraphs: [
          'Les clients exercent leurs droits (consulter ou corriger leurs données, ou s’opposer à leur utilisation) auprès de leur établissement, qui les connaît ; nous aidons l’établissement à leur répondre. En tant qu’utilisateur, vous pouvez nous interroger sur les données de votre propre compte depuis la page Assistance.',
        ],
      },
    ],
  },
};
