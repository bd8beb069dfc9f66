import { fillSentence, type Sentence } from '../kernel/errors';

/**
 * The Malay wording of every sentence the API answers with, keyed by its English wording (a
 * sentence with values keeps `{name}` where each value goes, in both languages). A value that is
 * itself a sentence (a field's name such as "emergency contact 2") is worded in Malay too;
 * numbers, dates, amounts, codes and references go in as they are.
 */
const MALAY: Readonly<Record<string, string>> = {
  'An outside service we use is not answering just now, please try again in a few minutes':
    'Perkhidmatan luar yang kami gunakan tidak menjawab buat masa ini, sila cuba lagi dalam beberapa minit',
  'No provider in use here sends this': 'Tiada pembekal yang digunakan di sini menghantar ini',
  'The business date follows Malaysia time here: only a sandbox or staging may move it':
    'Tarikh perniagaan di sini mengikut waktu Malaysia: hanya kotak pasir atau staging boleh mengubahnya',
  'The business date moves forward only: give a date after {current}':
    'Tarikh perniagaan hanya bergerak ke hadapan: berikan tarikh selepas {current}',
  'Move the business date at most {days} days at a time':
    'Gerakkan tarikh perniagaan paling banyak {days} hari pada satu masa',
  'Close of business is already running; wait for it to finish':
    'Tutup urus niaga harian sedang berjalan; tunggu sehingga ia selesai',
  'Name a month as YYYY-MM': 'Nyatakan bulan sebagai YYYY-MM',
  'Ask for at most {days} days at a time': 'Minta paling banyak {days} hari pada satu masa',
  'The month {period} has not ended yet: close it from {from}':
    'Bulan {period} belum berakhir: tutupnya mulai {from}',
  'The month {period} is closed already': 'Bulan {period} telah pun ditutup',
  'Close {earlier} first: months close in order':
    'Tutup {earlier} dahulu: bulan ditutup mengikut urutan',
  'No such account in the chart of accounts': 'Tiada akaun sedemikian dalam carta akaun',
  'The payment gateway in use publishes no settlement report the platform can fetch: upload it as CSV':
    'Gerbang pembayaran yang digunakan tidak menerbitkan laporan penyelesaian yang boleh diambil oleh platform: muat naiknya sebagai CSV',
  'The first line of the report must name the columns {columns}':
    'Baris pertama laporan mesti menamakan lajur {columns}',
  'Line {line} of the report is not a settlement line: give the transaction id, the order id, the amount in ringgit (such as 123.45), MYR, fpx or credit, and the payment time as YYYY-MM-DD HH:MM:SS':
    'Baris {line} laporan bukan baris penyelesaian: berikan ID transaksi, ID pesanan, amaun dalam ringgit (seperti 123.45), MYR, fpx atau credit, dan masa pembayaran sebagai YYYY-MM-DD HH:MM:SS',
  'Line {line} of the report was paid on {date}, outside the period reconciled':
    'Baris {line} laporan dibayar pada {date}, di luar tempoh yang disesuaikan',
  'The report has more than {lines} lines': 'Laporan ini mempunyai lebih daripada {lines} baris',
  'must say why, in at most 500 characters': 'mesti menyatakan sebabnya, paling banyak 500 aksara',
  'is too large: reconcile fewer days at a time':
    'terlalu besar: sesuaikan lebih sedikit hari pada satu masa',
  'Reconciliation not found': 'Penyesuaian tidak dijumpai',
  'Reconciliation line not found': 'Baris penyesuaian tidak dijumpai',
  'This line is matched, or its resolution is already proposed':
    'Baris ini telah sepadan, atau penyelesaiannya telah pun dicadangkan',
  'This line has no resolution waiting to be confirmed':
    'Baris ini tiada penyelesaian yang menunggu pengesahan',
  'A second finance member must confirm this resolution: the one who proposed it cannot':
    'Ahli kewangan kedua mesti mengesahkan penyelesaian ini: pencadangnya tidak boleh berbuat demikian',
  'The sender did not prove itself': 'Penghantar tidak membuktikan identitinya',
  'The body is not what the provider sends':
    'Kandungan ini bukan seperti yang dihantar oleh pembekal',
  'The identity check is unavailable just now, please send the photos again in a few minutes':
    'Semakan identiti tidak tersedia buat masa ini, sila hantar gambar sekali lagi dalam beberapa minit',
  'The file is larger than {bytes} bytes': 'Fail ini melebihi {bytes} bait',
  'A no-show is recorded only after the call’s start time, when the borrower has not joined':
    'Ketidakhadiran hanya boleh direkodkan selepas waktu mula panggilan, jika peminjam tidak menyertainya',
  'The call has not taken place yet: both you and the borrower must have joined the room':
    'Panggilan belum berlangsung: anda dan peminjam mesti telah menyertai bilik panggilan',
  'Choose what the file sets up': 'Pilih perkara yang ditetapkan oleh fail ini',
  'Send entityId before the file': 'Hantar entityId sebelum fail',
  'The file cannot be used: fix the lines listed and upload it again':
    'Fail ini tidak boleh digunakan: betulkan baris yang disenaraikan dan muat naik semula',
  'Someone else activated another version since you opened this page; reload and check again':
    'Orang lain telah mengaktifkan versi lain sejak anda membuka halaman ini; muat semula dan semak sekali lagi',
  'Give a period of two dates, the start not after the end':
    'Berikan tempoh dengan dua tarikh, tarikh mula tidak selepas tarikh akhir',
  'The period must end today or earlier': 'Tempoh mesti berakhir hari ini atau lebih awal',
  'The return cannot be exported: some loans have a value missing or outside the regulator’s list. Correct the accounts listed and export again.':
    'Penyata tidak dapat dieksport: beberapa pinjaman mempunyai nilai yang tiada atau di luar senarai pengawal selia. Betulkan akaun yang disenaraikan dan eksport sekali lagi.',
  'Too many requests, please try again in {after}':
    'Terlalu banyak permintaan, sila cuba lagi dalam {seconds} saat',
  'Set up your direct debit before signing the agreement':
    'Sediakan debit terus anda sebelum menandatangani perjanjian',
  'Please open and read every document before asking for the signing code':
    'Sila buka dan baca setiap dokumen sebelum meminta kod tandatangan',
  'Message not found': 'Mesej tidak dijumpai',
  'The applicant has not passed identity verification (eKYC): the application cannot be approved until they do':
    'Pemohon belum lulus pengesahan identiti (eKYC): permohonan tidak boleh diluluskan sehingga pemohon lulus',
  'Every guarantor must pass identity verification (eKYC) before the loan is paid out; guarantors not yet verified: {positions}':
    'Setiap penjamin mesti lulus pengesahan identiti (eKYC) sebelum pinjaman dikeluarkan; penjamin yang belum disahkan: {positions}',
  'Someone else worked on this message since you opened it; reload it and try again':
    'Orang lain telah mengendalikan mesej ini sejak anda membukanya; muat semula dan cuba lagi',
  'This message is closed': 'Mesej ini telah ditutup',
  'Only an active customer service member or admin can hold a message':
    'Hanya kakitangan khidmat pelanggan atau pentadbir yang aktif boleh memegang mesej',
  'Your answer is kept in the thread, but the email could not be sent; send it again':
    'Jawapan anda disimpan dalam urutan mesej, tetapi e-mel tidak dapat dihantar; hantar sekali lagi',
  'Reply not found': 'Balasan tidak dijumpai',
  'This answer has already been emailed': 'Jawapan ini telah pun dihantar melalui e-mel',
  'Write the answer': 'Tulis jawapan',
  Unauthorized: 'Tidak dibenarkan',
  Forbidden: 'Akses ditolak',
  'User not found': 'Pengguna tidak dijumpai',
  'The request body is not valid JSON': 'Kandungan permintaan bukan JSON yang sah',
  'Request body is too large': 'Kandungan permintaan terlalu besar',
  'Unsupported Media Type': 'Jenis media tidak disokong',
  'Request body size did not match Content-Length':
    'Saiz kandungan permintaan tidak sepadan dengan Content-Length',
  "Body cannot be empty when content-type is set to 'application/json'":
    "Kandungan tidak boleh kosong apabila content-type ialah 'application/json'",
  'The address is not valid': 'Alamat ini tidak sah',
  'The address is too long': 'Alamat ini terlalu panjang',
  'Internal server error': 'Ralat pelayan dalaman',
  'Not Found': 'Tidak dijumpai',
  '{field} must not contain a NUL character': '{field} tidak boleh mengandungi aksara NUL',
  '{field} must be a finite number': '{field} mestilah nombor terhingga',
  '{field} is nested too deeply': '{field} bersarang terlalu dalam',
  'sole proprietorship': 'milikan tunggal',
  partnership: 'perkongsian',
  company: 'syarikat',
  'Please enter your {label}': 'Sila masukkan {label} anda',
  'Please enter your {label} without dashes': 'Sila masukkan {label} anda tanpa sengkang',
  'Please select the country code of your {label}': 'Sila pilih kod negara bagi {label} anda',
  'Please enter your {label} with its country code':
    'Sila masukkan {label} anda berserta kod negaranya',
  'Please enter a valid {label}': 'Sila masukkan {label} yang sah',
  '{header} must be one of {tenants}': '{header} mestilah salah satu daripada {tenants}',
  '{field} {rule}': '{field} {rule}',
  '{field} is required': '{field} diperlukan',
  '{field} must be a whole number': '{field} mestilah nombor bulat',
  '{field} must be a number': '{field} mestilah nombor',
  '{field} must be text': '{field} mestilah teks',
  '{field} must be true or false': '{field} mestilah true atau false',
  '{field} must be an object': '{field} mestilah objek',
  '{field} must be a list': '{field} mestilah senarai',
  '{field} must be empty': '{field} mestilah kosong',
  '{field} must be {type}': '{field} mestilah {type}',
  '{field} must be a valid email': '{field} mestilah e-mel yang sah',
  '{field} must be a date (YYYY-MM-DD)': '{field} mestilah tarikh (YYYY-MM-DD)',
  '{field} must be a date and time': '{field} mestilah tarikh dan masa',
  '{field} must be a valid id': '{field} mestilah ID yang sah',
  '{field} must be a valid link': '{field} mestilah pautan yang sah',
  '{field} must be a valid {format}': '{field} mestilah {format} yang sah',
  '{field} must not be empty': '{field} tidak boleh kosong',
  '{field} must be at least {limit} characters':
    '{field} mestilah sekurang-kurangnya {limit} aksara',
  '{field} must be at most {limit} characters': '{field} mestilah tidak melebihi {limit} aksara',
  '{field} must be at least {limit}': '{field} mestilah sekurang-kurangnya {limit}',
  '{field} must be at most {limit}': '{field} mestilah tidak melebihi {limit}',
  '{field} must be more than {limit}': '{field} mestilah lebih daripada {limit}',
  '{field} must be less than {limit}': '{field} mestilah kurang daripada {limit}',
  '{field} must be one of {values}': '{field} mestilah salah satu daripada {values}',
  '{field} must be {value}': '{field} mestilah {value}',
  '{field} must have at least {limit} items':
    '{field} mestilah mempunyai sekurang-kurangnya {limit} item',
  '{field} must have at most {limit} items':
    '{field} mestilah mempunyai tidak lebih daripada {limit} item',
  '{field} must not have {property}': '{field} tidak boleh mempunyai {property}',
  '{field} is not valid': '{field} tidak sah',
  'The request is not valid': 'Permintaan ini tidak sah',
  'Give a reason of 5 to 500 characters': 'Berikan sebab antara 5 hingga 500 aksara',
  'Loan account not found': 'Akaun pinjaman tidak dijumpai',
  'Bank-in slip not found': 'Slip bank-in tidak dijumpai',
  'This loan is not being repaid now, so a bank-in slip cannot be sent for it':
    'Pinjaman ini tidak sedang dibayar balik sekarang, jadi slip bank-in tidak boleh dihantar untuknya',
  'Give the amount you paid, from RM1.00 to RM1,000,000.00':
    'Berikan amaun yang anda bayar, dari RM1.00 hingga RM1,000,000.00',
  'Give the date you paid as YYYY-MM-DD, not later than today':
    'Berikan tarikh anda membayar sebagai YYYY-MM-DD, tidak lewat daripada hari ini',
  'The date you paid cannot be before the loan was paid out':
    'Tarikh anda membayar tidak boleh sebelum pinjaman dikeluarkan',
  'Send amountSen and paidOn before the file': 'Hantar amountSen dan paidOn sebelum fail',
  'Attach the bank-in slip': 'Lampirkan slip bank-in',
  'You have already sent a slip for this amount and date; wait for our check':
    'Anda telah menghantar slip untuk amaun dan tarikh ini; tunggu semakan kami',
  'This slip has already been decided': 'Slip ini telah pun diputuskan',
  'You approved this slip first: a different staff member confirms it':
    'Anda telah meluluskan slip ini dahulu: kakitangan lain yang mengesahkannya',
  'Choose a reason; for another reason, say what it is (up to 500 characters)':
    'Pilih sebab; bagi sebab lain, nyatakan sebabnya (sehingga 500 aksara)',
  'Send the slip as multipart/form-data': 'Hantar slip sebagai multipart/form-data',
  'This account is no longer being repaid (closed or written off)':
    'Akaun ini tidak lagi dalam bayaran balik (ditutup atau dihapus kira)',
  'The loan account is no longer being repaid': 'Akaun pinjaman ini tidak lagi dalam bayaran balik',
  'A waiver may not exceed the late charges outstanding':
    'Pengecualian tidak boleh melebihi caj lewat yang tertunggak',
  'This account already has an open request of this kind; decide it before proposing another':
    'Akaun ini sudah mempunyai permintaan jenis ini yang belum diputuskan; putuskan permintaan itu sebelum mencadangkan yang lain',
  'Waiver or write-off request not found': 'Permintaan pengecualian atau hapus kira tidak dijumpai',
  'Credit refund not found': 'Bayaran balik kredit tidak dijumpai',
  'Refund letter not found': 'Surat bayaran balik kredit tidak dijumpai',
  'This refund was already decided; reload to see the outcome':
    'Bayaran balik ini telah pun diputuskan; muat semula untuk melihat keputusannya',
  'A second finance member must decide this refund: the proposer cannot approve or reject it':
    'Ahli kewangan kedua mesti memutuskan bayaran balik ini: pencadang tidak boleh meluluskan atau menolaknya',
  'This account already has a refund waiting for a decision; decide it before proposing another':
    'Akaun ini sudah mempunyai bayaran balik yang menunggu keputusan; putuskan bayaran balik itu sebelum mencadangkan yang lain',
  'Only credit left on a closed account is refunded':
    'Hanya kredit yang tinggal dalam akaun yang ditutup boleh dibayar balik',
  'This account has no credit to refund': 'Akaun ini tiada kredit untuk dibayar balik',
  'A refund pays back the whole credit and nothing more: the amount must equal the credit kept':
    'Bayaran balik membayar semula keseluruhan kredit dan tidak lebih: jumlahnya mesti sama dengan kredit yang disimpan',
  'This loan has no confirmed payout, so there is no nominated account to refund to':
    'Pinjaman ini tiada pengeluaran yang disahkan, jadi tiada akaun penerima untuk bayaran balik',
  'The refund must be a whole number of sen above zero':
    'Bayaran balik mestilah nombor bulat dalam sen melebihi sifar',
  'This request was already decided; reload to see the outcome':
    'Permintaan ini telah pun diputuskan; muat semula untuk melihat keputusannya',
  'A second staff member must decide this request: the proposer cannot approve or reject it':
    'Kakitangan kedua mesti memutuskan permintaan ini: pencadang tidak boleh meluluskan atau menolaknya',
  'The waiver must be a whole number of sen above zero':
    'Pengecualian mestilah nombor bulat dalam sen melebihi sifar',
  'Not enrolled yet': 'Belum didaftarkan lagi',
  'The agreement changed since you read it; read the current version and sign again':
    'Perjanjian telah berubah sejak anda membacanya; baca versi terkini dan tandatangan semula',
  'This agreement is already completed and cannot be signed again':
    'Perjanjian ini telah lengkap dan tidak boleh ditandatangani semula',
  'You have already signed this agreement': 'Anda telah pun menandatangani perjanjian ini',
  'This agreement has already been signed': 'Perjanjian ini telah pun ditandatangani',
  'The agreement has no signature to complete yet':
    'Perjanjian ini belum mempunyai tandatangan untuk dilengkapkan',
  'Agreement Not Found': 'Perjanjian tidak dijumpai',
  'No certificate holder with this identity number':
    'Tiada pemegang sijil dengan nombor pengenalan ini',
  'No agreement matches this verification code':
    'Tiada perjanjian yang sepadan dengan kod pengesahan ini',
  'The e-stamp certificate is issued once every party has signed the agreement':
    'Sijil e-setem dikeluarkan setelah semua pihak menandatangani perjanjian',
  'This agreement changed since you opened it; reload it and try again':
    'Perjanjian ini telah berubah sejak anda membukanya; muat semula dan cuba lagi',
  'The agreement cannot move from {from} to {to} ({reason})':
    'Perjanjian tidak boleh beralih daripada {from} kepada {to} ({reason})',
  'Only the parts of your application referred back to you can be changed now':
    'Hanya bahagian permohonan yang dirujuk semula kepada anda boleh diubah sekarang',
  'Organization not found': 'Organisasi tidak dijumpai',
  'This application can no longer be changed': 'Permohonan ini tidak boleh diubah lagi',
  'Product not found': 'Produk tidak dijumpai',
  'You may apply for a new loan after {date}': 'Anda boleh memohon pinjaman baharu selepas {date}',
  'You already have an application in progress; continue it or cancel it first':
    'Anda sudah mempunyai permohonan yang sedang berjalan; teruskan atau batalkannya dahulu',
  'Only a draft application can be cancelled': 'Hanya permohonan draf boleh dibatalkan',
  'This application has already been submitted': 'Permohonan ini telah pun dihantar',
  'Failed to update organization: please enter the company name':
    'Gagal mengemas kini organisasi: sila masukkan nama syarikat',
  'business contact number': 'nombor telefon perniagaan',
  'Failed to update organization: {reason:lower}': 'Gagal mengemas kini organisasi: {reason:lower}',
  'Failed to update organization: send a company name or a business contact number':
    'Gagal mengemas kini organisasi: hantar nama syarikat atau nombor telefon perniagaan',
  'Application Not Found': 'Permohonan tidak dijumpai',
  'This application changed since you opened it; reload it and decide again':
    'Permohonan ini telah berubah sejak anda membukanya; muat semula dan buat keputusan sekali lagi',
  'The application cannot move from {from} to {to} ({reason})':
    'Permohonan tidak boleh beralih daripada {from} kepada {to} ({reason})',
  '{label} cannot be in the future': '{label} tidak boleh pada masa hadapan',
  'Postcode not found ({label})': 'Poskod tidak dijumpai ({label})',
  'Loan amount must be between {min} and {max}':
    'Jumlah pinjaman mestilah antara {min} hingga {max}',
  'Loan period must be between {min} and {max} months':
    'Tempoh pinjaman mestilah antara {min} hingga {max} bulan',
  'Please select a loan reason': 'Sila pilih tujuan pinjaman',
  'Please enter your other reason': 'Sila masukkan tujuan lain anda',
  'Invalid campaign code': 'Kod kempen tidak sah',
  'The business registration number has an unknown entity code':
    'Nombor pendaftaran perniagaan mempunyai kod entiti yang tidak dikenali',
  'Please enter a valid business registration number (new format, 12 digits)':
    'Sila masukkan nombor pendaftaran perniagaan yang sah (format baharu, 12 digit)',
  'This business registration number belongs to a {expected}, not a {chosen}':
    'Nombor pendaftaran perniagaan ini adalah bagi {expected}, bukan {chosen}',
  'The business registration number must be the one your organization registered with':
    'Nombor pendaftaran perniagaan mestilah nombor yang didaftarkan oleh organisasi anda',
  'Please select a nature of business': 'Sila pilih jenis perniagaan',
  'Year of establishment': 'Tahun penubuhan',
  'SSM expiry date': 'Tarikh tamat tempoh SSM',
  'Your SSM registration has expired': 'Pendaftaran SSM anda telah tamat tempoh',
  'SSM expiry date must be after the date of establishment':
    'Tarikh tamat tempoh SSM mestilah selepas tarikh penubuhan',
  'company name': 'nama syarikat',
  'company email': 'e-mel syarikat',
  'business authorised address': 'alamat perniagaan yang dibenarkan',
  'registered SSM address': 'alamat berdaftar SSM',
  'mailing address': 'alamat surat-menyurat',
  'Invalid NRIC entered': 'Nombor MyKad yang dimasukkan tidak sah',
  'Please enter a valid passport number': 'Sila masukkan nombor pasport yang sah',
  'Please enter your date of birth': 'Sila masukkan tarikh lahir anda',
  'Please select your gender': 'Sila pilih jantina anda',
  'Date of birth': 'Tarikh lahir',
  'Applicants must be between {min} and {max} years old':
    'Pemohon mestilah berumur antara {min} hingga {max} tahun',
  'Please select race': 'Sila pilih bangsa',
  'Please select nationality': 'Sila pilih kewarganegaraan',
  'Please select bank': 'Sila pilih bank',
  'Please enter a valid bank account number (6 to 20 digits)':
    'Sila masukkan nombor akaun bank yang sah (6 hingga 20 digit)',
  'Please select employment type': 'Sila pilih jenis pekerjaan',
  'Please select salary range': 'Sila pilih julat gaji',
  'personal email': 'e-mel peribadi',
  'Your personal email must be different from your emergency contacts’ emails':
    'E-mel peribadi anda mestilah berbeza daripada e-mel kenalan kecemasan anda',
  'Please select referral source': 'Sila pilih sumber rujukan',
  'Please enter your other referral source': 'Sila masukkan sumber rujukan lain anda',
  'Employment start date': 'Tarikh mula bekerja',
  'employer contact number': 'nombor telefon majikan',
  'name as per identity card': 'nama seperti dalam kad pengenalan',
  'contact number': 'nombor telefon',
  'NRIC address': 'alamat MyKad',
  'home address': 'alamat rumah',
  'Please select company bank': 'Sila pilih bank syarikat',
  'Please enter a valid company account number (6 to 20 digits)':
    'Sila masukkan nombor akaun syarikat yang sah (6 hingga 20 digit)',
  'company account name': 'nama akaun syarikat',
  'Please give 1 to {max} emergency contacts': 'Sila berikan 1 hingga {max} kenalan kecemasan',
  'emergency contact {number}': 'kenalan kecemasan {number}',
  'Please select relationship ({label})': 'Sila pilih hubungan ({label})',
  'Please enter other relationship ({label})': 'Sila masukkan hubungan lain ({label})',
  '{label} email': 'e-mel {label}',
  'Emergency contact email must be different from your personal email':
    'E-mel kenalan kecemasan mestilah berbeza daripada e-mel peribadi anda',
  '{label} name': 'nama {label}',
  '{label} contact number': 'nombor telefon {label}',
  'partner {number}': 'rakan kongsi {number}',
  'director {number}': 'pengarah {number}',
  'IC number of {label} must be exactly 12 digits':
    'Nombor kad pengenalan {label} mestilah tepat 12 digit',
  'Invalid NRIC entered ({label})': 'Nombor MyKad yang dimasukkan tidak sah ({label})',
  'Please enter a valid passport number ({label})':
    'Sila masukkan nombor pasport yang sah ({label})',
  '{label} personal email': 'e-mel peribadi {label}',
  'A {type} lists partners only': 'Bagi {type}, senaraikan rakan kongsi sahaja',
  'A {type} lists directors only': 'Bagi {type}, senaraikan pengarah sahaja',
  'A {type} needs at least {count} partners':
    'Bagi {type}, sekurang-kurangnya {count} rakan kongsi diperlukan',
  'A {type} needs at least 1 partner': 'Bagi {type}, sekurang-kurangnya 1 rakan kongsi diperlukan',
  'A {type} needs at least {count} directors':
    'Bagi {type}, sekurang-kurangnya {count} pengarah diperlukan',
  'A {type} needs at least 1 director': 'Bagi {type}, sekurang-kurangnya 1 pengarah diperlukan',
  'Director and partner details do not apply to a sole proprietorship':
    'Butiran pengarah dan rakan kongsi tidak berkenaan bagi milikan tunggal',
  'The same identity card number is listed twice':
    'Nombor kad pengenalan yang sama disenaraikan dua kali',
  'Range Not Satisfiable': 'Julat tidak dapat dipenuhi',
  'Video Not Found': 'Video tidak dijumpai',
  'Send the video as video/mp4': 'Hantar video sebagai video/mp4',
  'Meeting not found': 'Panggilan video tidak dijumpai',
  'Choose a free slot Monday to Friday, in office hours, Malaysia time':
    'Pilih slot kosong pada hari Isnin hingga Jumaat, dalam waktu pejabat, waktu Malaysia',
  'Choose a free slot Monday to Friday, in office hours, Malaysia time ({reason})':
    'Pilih slot kosong pada hari Isnin hingga Jumaat, dalam waktu pejabat, waktu Malaysia ({reason})',
  'Choose how to attest before you continue': 'Pilih cara pengakuan sebelum anda meneruskan',
  'Watch the video to the end before answering the questions':
    'Tonton video hingga habis sebelum menjawab soalan',
  'Some answers do not match your loan: watch the video again if you need to, then try again':
    'Sesetengah jawapan tidak sepadan dengan pinjaman anda: tonton semula video jika perlu, kemudian cuba lagi',
  'There is no booked call to change': 'Tiada panggilan yang ditempah untuk diubah',
  'Someone booked that slot a moment ago: choose another one':
    'Seseorang telah menempah slot itu sebentar tadi: pilih slot lain',
  'Only an admin may open slots in another officer’s calendar':
    'Hanya pentadbir boleh membuka slot dalam kalendar pegawai lain',
  'Officer not found': 'Pegawai tidak dijumpai',
  'Choose a free slot Monday to Friday, in office hours, Malaysia time ({reason}: {at})':
    'Pilih slot kosong pada hari Isnin hingga Jumaat, dalam waktu pejabat, waktu Malaysia ({reason}: {at})',
  'Slot not found': 'Slot tidak dijumpai',
  'Only an admin may change another officer’s calendar':
    'Hanya pentadbir boleh mengubah kalendar pegawai lain',
  'A booked slot cannot be removed: ask the borrower to reschedule':
    'Slot yang telah ditempah tidak boleh dibuang: minta peminjam menukar masa',
  'Only the officer of this call may record its outcome':
    'Hanya pegawai bagi panggilan ini boleh merekod keputusannya',
  'This call’s outcome is already recorded': 'Keputusan panggilan ini telah pun direkodkan',
  'Someone else must approve this attestation: you completed it or held the call':
    'Orang lain mesti meluluskan pengakuan ini: anda yang melengkapkannya atau mengendalikan panggilan',
  'The video must be an MP4 file': 'Video mestilah fail MP4',
  'The start date must not be after the end date': 'Tarikh mula tidak boleh selepas tarikh akhir',
  'The export would hold {found} rows; at most {max} can be exported at once. Narrow the filters (dates, action or actor) and try again.':
    'Eksport ini akan mengandungi {found} baris; paling banyak {max} baris boleh dieksport sekali gus. Kecilkan penapis (tarikh, tindakan atau pelaku) dan cuba lagi.',
  'Too many attempts, please try again in {count} seconds':
    'Terlalu banyak cubaan, sila cuba lagi dalam {count} saat',
  'Too many attempts, please try again in 1 minute':
    'Terlalu banyak cubaan, sila cuba lagi dalam 1 minit',
  'Too many attempts, please try again in {count} minutes':
    'Terlalu banyak cubaan, sila cuba lagi dalam {count} minit',
  'This account is locked after too many failed sign-ins, please try again in 1 minute':
    'Akaun ini dikunci selepas terlalu banyak log masuk yang gagal, sila cuba lagi dalam 1 minit',
  'This account is locked after too many failed sign-ins, please try again in {count} minutes':
    'Akaun ini dikunci selepas terlalu banyak log masuk yang gagal, sila cuba lagi dalam {count} minit',
  'The bot check is unavailable, please try again': 'Semakan bot tidak tersedia, sila cuba lagi',
  'Please complete the bot check': 'Sila lengkapkan semakan bot',
  'The bot check has expired, please tick it again':
    'Semakan bot telah tamat tempoh, sila tandakannya sekali lagi',
  'Please enter a valid email': 'Sila masukkan e-mel yang sah',
  'Email already exists': 'E-mel sudah wujud',
  'Phone number already exists': 'Nombor telefon sudah wujud',
  'Invalid email or password': 'E-mel atau kata laluan tidak sah',
  'Session expired, please login again': 'Sesi telah tamat, sila log masuk semula',
  'This reset link is invalid or has expired':
    'Pautan set semula ini tidak sah atau telah tamat tempoh',
  'Invalid credentials': 'Butiran log masuk tidak sah',
  'The sign-in took too long, please enter your password again':
    'Log masuk mengambil masa terlalu lama, sila masukkan kata laluan anda sekali lagi',
  'The access token is sent in the Authorization header, never in an address':
    'Token akses dihantar dalam pengepala Authorization, tidak sekali-kali dalam alamat',
  'This link has ended or is not for this file, please open the file again':
    'Pautan ini telah tamat atau bukan untuk fail ini, sila buka fail itu sekali lagi',
  'This sign-in step was used already, please enter your password again':
    'Langkah log masuk ini telah digunakan, sila masukkan kata laluan anda sekali lagi',
  'Please enter the code from your authenticator app':
    'Sila masukkan kod daripada aplikasi pengesah anda',
  'Document not found': 'Dokumen tidak dijumpai',
  'Please write the note': 'Sila tulis catatan',
  'Image not found': 'Imej tidak dijumpai',
  'Letter not found': 'Surat tidak dijumpai',
  'Discharge letter not found': 'Surat pelepasan tidak dijumpai',
  'A default notice may be issued only after more than 28 days in default':
    'Notis keingkaran hanya boleh dikeluarkan selepas lebih daripada 28 hari dalam keingkaran',
  'a default notice gives {min} to {max} days':
    'notis keingkaran memberikan {min} hingga {max} hari',
  'A default notice was already issued on this account':
    'Notis keingkaran telah pun dikeluarkan bagi akaun ini',
  'Termination not found': 'Penamatan tidak dijumpai',
  'A termination is already proposed on this account':
    'Penamatan telah pun dicadangkan bagi akaun ini',
  'This termination was already decided': 'Penamatan ini telah pun diputuskan',
  'The person who proposed a termination may not decide it':
    'Orang yang mencadangkan penamatan tidak boleh memutuskannya',
  'A promise to pay is already open on this account':
    'Janji untuk membayar telah pun dibuka bagi akaun ini',
  'No active staff member works collections under that id':
    'Tiada kakitangan aktif yang mengendalikan kutipan dengan id itu',
  'Write a subject and a text of up to 2,000 characters':
    'Tulis subjek dan teks sehingga 2,000 aksara',
  'The balance changed while the termination was being decided; please try again':
    'Baki berubah semasa penamatan sedang diputuskan; sila cuba lagi',
  'A promise is for a whole amount above zero': 'Janji adalah bagi jumlah penuh melebihi sifar',
  'A promise may not be for more than the borrower owes now':
    'Janji tidak boleh melebihi jumlah yang terhutang oleh peminjam sekarang',
  'A promise is dated today or later': 'Janji bertarikh hari ini atau kemudian',
  'A promise is dated at most 30 days ahead':
    'Janji bertarikh selewat-lewatnya 30 hari dari sekarang',
  'An agreement may be terminated only after more than 28 days in default':
    'Perjanjian hanya boleh ditamatkan selepas lebih daripada 28 hari dalam keingkaran',
  'An agreement may be terminated only after a default notice':
    'Perjanjian hanya boleh ditamatkan selepas notis keingkaran',
  'An agreement may be terminated only once the default notice gave at least 14 days and its pay-by date passed':
    'Perjanjian hanya boleh ditamatkan setelah notis keingkaran memberi sekurang-kurangnya 14 hari dan tarikh akhir bayarannya berlalu',
  'No contact is made on a public holiday': 'Tiada hubungan dibuat pada cuti umum',
  'Contact is made only within the permitted hours':
    'Hubungan dibuat hanya dalam waktu yang dibenarkan',
  'The borrower was already contacted by this channel today':
    'Peminjam telah pun dihubungi melalui saluran ini hari ini',
  '{decision} cannot be taken on an application that is {from}':
    '{decision} tidak boleh dibuat bagi permohonan yang berstatus {from}',
  'Your role may not take this decision': 'Peranan anda tidak dibenarkan membuat keputusan ini',
  'Only an approver may decide at this stage':
    'Hanya pelulus boleh membuat keputusan pada peringkat ini',
  'You recommended these terms, so another approver must decide':
    'Anda telah mengesyorkan terma ini, jadi pelulus lain mesti membuat keputusan',
  'You approved this file already, so another approver must decide':
    'Anda telah pun meluluskan fail ini, jadi pelulus lain mesti membuat keputusan',
  'The earlier approval of this file could not be found':
    'Kelulusan terdahulu bagi fail ini tidak dapat dijumpai',
  'The recommendation of this file could not be found': 'Syor bagi fail ini tidak dapat dijumpai',
  'The approvals this amount needs could not be worked out':
    'Kelulusan yang diperlukan bagi jumlah ini tidak dapat ditentukan',
  'Interview not found': 'Temu duga tidak dijumpai',
  'The interview must be in a free office-hours slot, Monday to Friday, Malaysia time ({reason})':
    'Temu duga mestilah dalam slot kosong waktu pejabat, Isnin hingga Jumaat, waktu Malaysia ({reason})',
  'The all-in rate of this offer passes the cap: confirm you reviewed it for compliance':
    'Kadar keseluruhan tawaran ini melebihi had: sahkan bahawa anda telah menyemaknya dari segi pematuhan',
  'This application has no section "{target}" to refer back':
    'Permohonan ini tiada bahagian "{target}" untuk dirujuk semula',
  'This application has no document "{target}" to refer back':
    'Permohonan ini tiada dokumen "{target}" untuk dirujuk semula',
  'These terms cannot be recommended: {reasons}': 'Terma ini tidak boleh disyorkan: {reasons}',
  'These terms cannot be recommended: they cannot be priced':
    'Terma ini tidak boleh disyorkan: harganya tidak dapat dikira',
  'Please select the bank': 'Sila pilih bank',
  'Please enter a valid account number (6 to 20 digits)':
    'Sila masukkan nombor akaun yang sah (6 hingga 20 digit)',
  'Please enter the account name': 'Sila masukkan nama akaun',
  'This agreement is not waiting for disbursement': 'Perjanjian ini tidak menunggu pengeluaran',
  'A payout is already recorded for this agreement; confirm it or wait for the bank':
    'Pembayaran keluar telah pun direkodkan bagi perjanjian ini; sahkannya atau tunggu maklum balas bank',
  'Payout not found': 'Pembayaran keluar tidak dijumpai',
  'The payout must be confirmed by a different staff member from the one who recorded it':
    'Pembayaran keluar mesti disahkan oleh kakitangan yang berbeza daripada yang merekodkannya',
  'The bank rejected this payout; record a new one with corrected details':
    'Bank telah menolak pembayaran keluar ini; rekodkan yang baharu dengan butiran yang telah dibetulkan',
  'The bank could not be reached; confirm again to retry (the transfer is never sent twice)':
    'Bank tidak dapat dihubungi; sahkan sekali lagi untuk mencuba semula (pindahan tidak akan dihantar dua kali)',
  'We need your registration details to check your TIN; please complete your registration first':
    'Kami memerlukan butiran pendaftaran anda untuk menyemak TIN anda; sila lengkapkan pendaftaran anda dahulu',
  'Your TIN is already stored': 'TIN anda telah pun disimpan',
  'The TIN check is not available now, please try again later':
    'Semakan TIN tidak tersedia sekarang, sila cuba lagi kemudian',
  'TIN is invalid': 'TIN tidak sah',
  'eKYC session not found': 'Sesi eKYC tidak dijumpai',
  'Identity verification starts after the application is submitted':
    'Sila hantar permohonan anda sebelum mengesahkan identiti anda.',
  'Identity verification is already complete': 'Identiti anda telah pun disahkan.',
  'ID verification failed': 'Pengesahan ID gagal',
  'Failed to complete eKYC':
    'Gagal melengkapkan eKYC. Sila selesaikan langkah di telefon anda dahulu.',
  'The upload is not well-formed multipart/form-data':
    'Muat naik ini bukan multipart/form-data yang betul',
  'Send the file as multipart/form-data': 'Hantar fail sebagai multipart/form-data',
  'Send applicationId and fileType before the file':
    'Hantar applicationId dan fileType sebelum fail',
  'Choose a file to upload': 'Pilih fail untuk dimuat naik',
  'The application can no longer be changed': 'Permohonan ini tidak boleh diubah lagi',
  'The file is empty': 'Fail ini kosong',
  'Only {types} or {last} files are accepted': 'Hanya fail {types} atau {last} diterima',
  'Only {type} files are accepted': 'Hanya fail {type} diterima',
  'File must be smaller than {size}': 'Fail mestilah lebih kecil daripada {size}',
  'This file has already been uploaded': 'Fail ini telah pun dimuat naik',
  'You can upload at most {count} files': 'Anda boleh memuat naik paling banyak {count} fail',
  'Please upload exactly 1 document': 'Sila muat naik tepat 1 dokumen',
  'Please upload exactly {count} documents': 'Sila muat naik tepat {count} dokumen',
  'File not found': 'Fail tidak dijumpai',
  'This document type is not needed for this application':
    'Jenis dokumen ini tidak diperlukan bagi permohonan ini',
  'PDF files containing JavaScript are not accepted':
    'Fail PDF yang mengandungi JavaScript tidak diterima',
  'PDF files that start other programs are not accepted':
    'Fail PDF yang memulakan program lain tidak diterima',
  'This PDF is too complex to check for scripts; please save it again and upload it':
    'PDF ini terlalu kompleks untuk disemak bagi skrip; sila simpan semula dan muat naik',
  'JomPAY import not found': 'Import JomPAY tidak dijumpai',
  'A JomPAY file can only be made for the sandbox biller; real files come from the bank':
    'Fail JomPAY hanya boleh dibuat bagi pengebil kotak pasir; fail sebenar datang daripada bank',
  'Mandate not found': 'Mandat tidak dijumpai',
  'Direct debit can be set up once you have accepted the loan, and not after it is cancelled':
    'Debit terus boleh disediakan setelah anda menerima pinjaman, dan tidak selepas pinjaman dibatalkan',
  'Please choose your bank from the list': 'Sila pilih bank anda daripada senarai',
  'Please enter a valid identity card number': 'Sila masukkan nombor kad pengenalan yang sah',
  'The mandate cannot move from {from} to {to} ({reason})':
    'Mandat tidak boleh beralih daripada {from} kepada {to} ({reason})',
  'Postcode not found': 'Poskod tidak dijumpai',
  'Company setting not found': 'Tetapan syarikat tidak dijumpai',
  'This offer was already accepted or declined; its terms can no longer change':
    'Tawaran ini telah pun diterima atau ditolak; termanya tidak boleh diubah lagi',
  'The amount must be a whole number of sen': 'Jumlah mestilah nombor bulat dalam sen',
  'The amount must be at least {limit}': 'Jumlah mestilah sekurang-kurangnya {limit}',
  'The amount cannot be more than the approved {limit}':
    'Jumlah tidak boleh melebihi {limit} yang diluluskan',
  'Loan protection is not offered for this tenure':
    'Perlindungan pinjaman tidak ditawarkan bagi tempoh ini',
  'The fees and the premium would take more than the amount lent':
    'Yuran dan premium akan melebihi jumlah yang dipinjamkan',
  'This amount would take the loan past the legal limit on its rate':
    'Jumlah ini akan menyebabkan kadar pinjaman melebihi had yang dibenarkan undang-undang',
  'There is no loan to pay yet': 'Belum ada pinjaman untuk dibayar',
  'Payment not found': 'Bayaran tidak dijumpai',
  'The notification amount does not match the order':
    'Jumlah dalam pemberitahuan tidak sepadan dengan pesanan',
  'The settlement amount has changed since it was shown; please check today’s amount and try again':
    'Jumlah penyelesaian telah berubah sejak dipaparkan; sila semak jumlah hari ini dan cuba lagi',
  'The amount must be at least the gateway minimum':
    'Jumlah mestilah sekurang-kurangnya jumlah minimum gerbang pembayaran',
  'The amount is more than what is owed on the loan':
    'Jumlah ini melebihi baki yang terhutang bagi pinjaman',
  'The payment gateway cannot be reached, please try again later':
    'Gerbang pembayaran tidak dapat dihubungi, sila cuba lagi kemudian',
  'The notification is not signed by the gateway':
    'Pemberitahuan ini tidak ditandatangani oleh gerbang pembayaran',
  'Transaction already recorded for another order':
    'Transaksi telah pun direkodkan bagi pesanan lain',
  'The payment cannot move from {from} to {to} ({reason})':
    'Bayaran tidak boleh beralih daripada {from} kepada {to} ({reason})',
  'The psychometric test is not open for this application':
    'Tiada ujian psikometrik untuk diambil bagi permohonan anda pada masa ini.',
  'Start the test again: this attempt was not found':
    'Mulakan ujian semula: cubaan ini tidak dijumpai',
  'These answers have already been submitted': 'Jawapan ini telah pun dihantar',
  'Please answer every question': 'Sila jawab setiap soalan',
  'The smallest amount must not be more than the largest':
    'Jumlah terkecil tidak boleh melebihi jumlah terbesar',
  'Only an admin may give a file to someone else':
    'Hanya pentadbir boleh memberikan fail kepada orang lain',
  'Only a credit officer may take a file; name the officer who takes it':
    'Hanya pegawai kredit boleh mengambil fail; namakan pegawai yang mengambilnya',
  'A file can only be given to an active credit officer':
    'Fail hanya boleh diberikan kepada pegawai kredit yang aktif',
  'Only a submitted application that is still open can be taken':
    'Hanya permohonan yang telah dihantar dan masih terbuka boleh diambil',
  'Another officer holds this file; reassign it to take it over':
    'Pegawai lain sedang memegang fail ini; tugaskan semula untuk mengambil alihnya',
  'Applicants must be aged {min} to {max}; you are {age}':
    'Pemohon mestilah berumur {min} hingga {max} tahun; umur anda {age} tahun',
  'The business must be more than {months} months old to borrow; it can apply from {from}':
    'Perniagaan mestilah berusia lebih daripada {months} bulan untuk meminjam; perniagaan anda boleh memohon mulai {from}',
  'Please enter a valid business registration number (new 12-digit format)':
    'Sila masukkan nombor pendaftaran perniagaan yang sah (format baharu 12 digit)',
  'This business registration number is for a {expected}, not a {chosen}; please choose the matching organization type':
    'Nombor pendaftaran perniagaan ini adalah bagi {expected}, bukan {chosen}; sila pilih jenis organisasi yang sepadan',
  'Please enter a valid NRIC': 'Sila masukkan nombor MyKad yang sah',
  'Please enter a valid date of birth': 'Sila masukkan tarikh lahir yang sah',
  'Please select gender': 'Sila pilih jantina',
  'Please enter a valid date': 'Sila masukkan tarikh yang sah',
  'Registration not found': 'Pendaftaran tidak dijumpai',
  'Please enter your company name': 'Sila masukkan nama syarikat anda',
  'Please enter your name': 'Sila masukkan nama anda',
  'phone number': 'nombor telefon',
  'Please enter a valid date of establishment': 'Sila masukkan tarikh penubuhan yang sah',
  'Passwords do not match': 'Kata laluan tidak sepadan',
  'Please accept the terms and conditions': 'Sila terima terma dan syarat',
  'The terms or privacy notice have changed. Please read them again and accept them':
    'Terma atau notis privasi telah berubah. Sila baca semula dan terimanya',
  'Invalid partner ID': 'ID rakan kongsi tidak sah',
  'Please select a valid referral source': 'Sila pilih sumber rujukan yang sah',
  'Please select nature of business': 'Sila pilih jenis perniagaan',
  'This business registration number is already registered':
    'Nombor pendaftaran perniagaan ini telah pun didaftarkan',
  'A payment is a positive amount in sen with a channel reference':
    'Bayaran mestilah jumlah positif dalam sen berserta rujukan saluran',
  'This channel reference was already used for a different payment; it is not booked twice':
    'Rujukan saluran ini telah digunakan bagi bayaran lain; bayaran tidak direkodkan dua kali',
  'Receipt not found': 'Resit tidak dijumpai',
  'Settings version not found': 'Versi tetapan tidak dijumpai',
  'The settings were changed by someone else since you opened them; reload and edit again':
    'Tetapan telah diubah oleh orang lain sejak anda membukanya; muat semula dan sunting sekali lagi',
  'These settings do not fit together: {where}':
    'Tetapan ini tidak sepadan antara satu sama lain: {where}',
  'Please wait {seconds} seconds before asking for a new code':
    'Sila tunggu {seconds} saat sebelum meminta kod baharu',
  'Too many codes requested today, please try again tomorrow':
    'Terlalu banyak kod diminta hari ini, sila cuba lagi esok',
  'Invalid OTP': 'OTP tidak sah',
  'This code has expired, please request a new one':
    'Kod ini telah tamat tempoh, sila minta kod baharu',
  'Too many wrong attempts, please request a new code':
    'Terlalu banyak cubaan yang salah, sila minta kod baharu',
  'Your agreement is not ready for signing yet': 'Perjanjian anda belum sedia untuk ditandatangani',
  'Please add your phone number to your profile first':
    'Sila tambah nombor telefon anda pada profil anda dahulu',
  'We could not stamp your agreement just now, so it was not signed. Please try again in a few minutes':
    'Kami tidak dapat menyetem perjanjian anda sebentar tadi, jadi perjanjian itu tidak ditandatangani. Sila cuba lagi dalam beberapa minit',
  'This signing link is not valid or has expired':
    'Pautan tandatangan ini tidak sah atau telah tamat tempoh',
  'This link is invalid or has expired; ask an administrator for a new one':
    'Pautan ini tidak sah atau telah tamat tempoh; minta pentadbir menghantar pautan baharu',
  'Guarantor not found': 'Penjamin tidak dijumpai',
  'Please verify your identity before signing': 'Sila sahkan identiti anda sebelum menandatangani',
  'Please sign in again': 'Sila log masuk semula',
  'The code is not correct': 'Kod ini tidak betul',
  'The recovery code is not correct or was used already':
    'Kod pemulihan tidak betul atau telah pun digunakan',
  'This code was used already, please wait for the next one':
    'Kod ini telah pun digunakan, sila tunggu kod seterusnya',
  'Please choose at least one role': 'Sila pilih sekurang-kurangnya satu peranan',
  'Staff member not found': 'Kakitangan tidak dijumpai',
  'At least one active admin must remain': 'Sekurang-kurangnya seorang pentadbir aktif mesti kekal',
  'Please enter a name': 'Sila masukkan nama',
  'A staff member with this email exists': 'Kakitangan dengan e-mel ini sudah wujud',
  'You cannot disable your own account': 'Anda tidak boleh menyahaktifkan akaun anda sendiri',
  'Enable the account before sending it a link':
    'Aktifkan akaun sebelum menghantar pautan kepadanya',
  'The telecom sign-in is unavailable, please try again later':
    'Log masuk telekom tidak tersedia, sila cuba lagi kemudian',
  'Invalid phone number or password': 'Nombor telefon atau kata laluan tidak sah',
  'Your telecom sign-in has expired, please sign in again':
    'Log masuk telekom anda telah tamat tempoh, sila log masuk semula',
  'No account uses this telecom line yet: sign in with your phone number to register':
    'Belum ada akaun yang menggunakan talian telekom ini: log masuk dengan nombor telefon anda untuk mendaftar',
  'Please enter the first name': 'Sila masukkan nama pertama',
  'The phone number is a sign-in detail: an admin changes it with the sign-in details':
    'Nombor telefon ialah butiran log masuk: pentadbir mengubahnya bersama butiran log masuk',
  'Send an email, a phone number or a password to change':
    'Hantar e-mel, nombor telefon atau kata laluan untuk diubah',
  'Please enter a valid mobile number with its country code':
    'Sila masukkan nombor telefon bimbit yang sah berserta kod negaranya',
  'Your current password is incorrect': 'Kata laluan semasa anda tidak betul',
  'The loan agreement was cancelled': 'Perjanjian pinjaman telah dibatalkan',
  'Ended at the bank': 'Ditamatkan di bank',
  'The bank authorisation was not completed in time':
    'Kebenaran bank tidak dilengkapkan dalam masa yang ditetapkan',
  'Replaced by a new direct debit mandate': 'Digantikan dengan mandat debit terus yang baharu',
  'If this number is a line of our telecom partner, a new password is on its way by SMS':
    'Jika nombor ini ialah talian rakan telekom kami, kata laluan baharu sedang dihantar melalui SMS',
  'start date': 'tarikh mula',
  'end date': 'tarikh akhir',
  'Please enter your password': 'Sila masukkan kata laluan anda',
  'Password must be at least 8 characters': 'Kata laluan mestilah sekurang-kurangnya 8 aksara',
  'Password must be no more than 1024 characters':
    'Kata laluan mestilah tidak melebihi 1024 aksara',
  'This application changed since you opened it; reload it and try again':
    'Permohonan ini telah berubah sejak anda membukanya; muat semula dan cuba lagi',
  'the amount must be a whole number of sen': 'jumlah mestilah nombor bulat dalam sen',
  'the tenure must be a whole number of months': 'tempoh mestilah nombor bulat dalam bulan',
  'the amount is below the product minimum': 'jumlah kurang daripada minimum produk',
  'the amount is above the product maximum': 'jumlah melebihi maksimum produk',
  'the tenure is below the product minimum': 'tempoh kurang daripada minimum produk',
  'the tenure is above the product maximum': 'tempoh melebihi maksimum produk',
  'the rate must be a positive whole number of basis points':
    'kadar mestilah nombor bulat positif dalam mata asas',
  'the rate is above the Moneylenders Act cap': 'kadar melebihi had Akta Pemberi Pinjam Wang',
  'the total interest would be more than the principal': 'jumlah faedah akan melebihi prinsipal',
  'a secured loan needs the security described': 'pinjaman bercagar memerlukan butiran cagaran',
  'a secured loan needs the security valued': 'pinjaman bercagar memerlukan nilai cagaran',
  'Please complete your application before submitting':
    'Sila lengkapkan permohonan anda sebelum menghantarnya',
  // The route schemas' own sentences (`x-sentences`, `x-message`).
  'must be 5 digits': 'mestilah 5 digit',
  'Comments cannot be empty': 'Komen tidak boleh kosong',
  'Please enter your email': 'Sila masukkan e-mel anda',
  'Please enter your phone number': 'Sila masukkan nombor telefon anda',
  'Please enter a valid phone number with its country code':
    'Sila masukkan nombor telefon yang sah berserta kod negaranya',
  'must be EN or MS': 'mestilah EN atau MS',
  'The code is 6 digits': 'Kod ini mengandungi 6 digit',
  'Please enter an email': 'Sila masukkan e-mel',
  'Please enter your loan amount': 'Sila masukkan jumlah pinjaman anda',
  'Please enter a valid loan amount': 'Sila masukkan jumlah pinjaman yang sah',
  'Please enter your loan period': 'Sila masukkan tempoh pinjaman anda',
  'Please enter a valid loan period': 'Sila masukkan tempoh pinjaman yang sah',
  'Please select loan reason': 'Sila pilih tujuan pinjaman',
  'is not a valid application id': 'bukan ID permohonan yang sah',
  'company name must be no more than 200 characters':
    'nama syarikat mestilah tidak melebihi 200 aksara',
  'Please enter your business registration number':
    'Sila masukkan nombor pendaftaran perniagaan anda',
  'business registration number must be no more than 20 characters':
    'nombor pendaftaran perniagaan mestilah tidak melebihi 20 aksara',
  'Please enter your business contact number': 'Sila masukkan nombor telefon perniagaan anda',
  'Please enter your date of establishment': 'Sila masukkan tarikh penubuhan anda',
  'Please enter your SSM expiry date': 'Sila masukkan tarikh tamat tempoh SSM anda',
  'Please enter a valid SSM expiry date': 'Sila masukkan tarikh tamat tempoh SSM yang sah',
  'Please enter your company email': 'Sila masukkan e-mel syarikat anda',
  'Please enter your address': 'Sila masukkan alamat anda',
  'address must be no more than 200 characters': 'alamat mestilah tidak melebihi 200 aksara',
  'Please enter your postcode': 'Sila masukkan poskod anda',
  'Please enter a valid postcode': 'Sila masukkan poskod yang sah',
  'Please enter your name as per identity card':
    'Sila masukkan nama anda seperti dalam kad pengenalan',
  'name as per identity card must be no more than 150 characters':
    'nama seperti dalam kad pengenalan mestilah tidak melebihi 150 aksara',
  'Please enter your identity card number': 'Sila masukkan nombor kad pengenalan anda',
  'identity card number must be no more than 20 characters':
    'nombor kad pengenalan mestilah tidak melebihi 20 aksara',
  'Please enter your contact number': 'Sila masukkan nombor telefon anda',
  'Please enter your personal email': 'Sila masukkan e-mel peribadi anda',
  'Please enter your employment start date': 'Sila masukkan tarikh mula bekerja anda',
  'Please enter a valid employment start date': 'Sila masukkan tarikh mula bekerja yang sah',
  'Please enter your bank account number': 'Sila masukkan nombor akaun bank anda',
  'bank account number must be no more than 20 characters':
    'nombor akaun bank mestilah tidak melebihi 20 aksara',
  'Please enter your company account name': 'Sila masukkan nama akaun syarikat anda',
  'company account name must be no more than 150 characters':
    'nama akaun syarikat mestilah tidak melebihi 150 aksara',
  'Please enter your company account number': 'Sila masukkan nombor akaun syarikat anda',
  'company account number must be no more than 20 characters':
    'nombor akaun syarikat mestilah tidak melebihi 20 aksara',
  'Please give at least 1 emergency contact': 'Sila berikan sekurang-kurangnya 1 kenalan kecemasan',
  'Please give no more than 3 emergency contacts':
    'Sila berikan tidak lebih daripada 3 kenalan kecemasan',
  'Please enter your emergency contact name': 'Sila masukkan nama kenalan kecemasan anda',
  'emergency contact name must be no more than 150 characters':
    'nama kenalan kecemasan mestilah tidak melebihi 150 aksara',
  'Please select relationship': 'Sila pilih hubungan',
  'Please enter your emergency contact number':
    'Sila masukkan nombor telefon kenalan kecemasan anda',
  'Please enter your emergency contact email': 'Sila masukkan e-mel kenalan kecemasan anda',
  'Please add partners or directors': 'Sila tambah rakan kongsi atau pengarah',
  'name must be no more than 150 characters': 'nama mestilah tidak melebihi 150 aksara',
  'Please enter your IC number': 'Sila masukkan nombor kad pengenalan anda',
  'IC number must be no more than 20 characters':
    'nombor kad pengenalan mestilah tidak melebihi 20 aksara',
  'Please select your citizenship': 'Sila pilih kewarganegaraan anda',
  'Please enter your business established date': 'Sila masukkan tarikh penubuhan perniagaan anda',
  'Please enter a valid business established date':
    'Sila masukkan tarikh penubuhan perniagaan yang sah',
  'Please enter your annual turnover': 'Sila masukkan pusing ganti tahunan anda',
  'Please enter a valid annual turnover': 'Sila masukkan pusing ganti tahunan yang sah',
  'Please enter your gross monthly income': 'Sila masukkan pendapatan kasar bulanan anda',
  'Please enter a valid gross monthly income': 'Sila masukkan pendapatan kasar bulanan yang sah',
  'Please enter your postpaid start date': 'Sila masukkan tarikh mula pascabayar anda',
  'Please enter a valid postpaid start date': 'Sila masukkan tarikh mula pascabayar yang sah',
  'Company name must be no more than 200 characters':
    'Nama syarikat mestilah tidak melebihi 200 aksara',
  'Business registration number must be no more than 20 characters':
    'Nombor pendaftaran perniagaan mestilah tidak melebihi 20 aksara',
  'Business contact number must be no more than 20 characters':
    'Nombor telefon perniagaan mestilah tidak melebihi 20 aksara',
  'Name must be no more than 150 characters': 'Nama mestilah tidak melebihi 150 aksara',
  'Identity card number must be no more than 20 characters':
    'Nombor kad pengenalan mestilah tidak melebihi 20 aksara',
  'Phone number must be no more than 20 characters':
    'Nombor telefon mestilah tidak melebihi 20 aksara',
  'Please enter your NRIC': 'Sila masukkan nombor MyKad anda',
  'Please enter all 6 digits of the code': 'Sila masukkan kesemua 6 digit kod',
  'Please give a reason for cancelling': 'Sila berikan sebab pembatalan',
  'A note holds at most 4000 characters': 'Catatan boleh mengandungi paling banyak 4000 aksara',
  'Enter a valid identity number': 'Masukkan nombor pengenalan yang sah',
  'Please enter the amount in whole sen': 'Sila masukkan jumlah dalam sen bulat',
  'Please enter the account holder name': 'Sila masukkan nama pemegang akaun',
  'Please enter a valid identity card or passport number':
    'Sila masukkan nombor kad pengenalan atau pasport yang sah',
  'Please enter your account number (digits only, 6 to 20)':
    'Sila masukkan nombor akaun anda (digit sahaja, 6 hingga 20)',
  'Please enter the amount to pay': 'Sila masukkan jumlah yang hendak dibayar',
  'Please enter your reference number': 'Sila masukkan nombor rujukan anda',
  'Please enter a valid reference number': 'Sila masukkan nombor rujukan yang sah',
  'Please enter your TIN': 'Sila masukkan TIN anda',
  'Please enter a valid TIN': 'Sila masukkan TIN yang sah',
};

/** The catalogue's Malay for an English wording, if it has one. */
export function malayOf(english: string): string | undefined {
  return Object.hasOwn(MALAY, english) ? MALAY[english] : undefined;
}

/** The sentence in Malay; a sentence the catalogue lacks (a test keeps that from shipping) stays
 *  in English rather than failing the answer. */
export function inMalay(said: Sentence): string {
  const text = malayOf(said.text);
  if (text === undefined) return fillSentence(said.text, said.values);
  const values = Object.fromEntries(
    Object.entries(said.values).map(([name, value]) => [
      name,
      typeof value === 'string' || typeof value === 'number'
        ? value
        : 'text' in value
          ? inMalay(value)
          : value.map(inMalay).join('; '),
    ]),
  );
  return fillSentence(text, values);
}
