// More given names and surnames: our own list, under the project's licence.
//
// Written by hand for redactfs, like `GivenNames` and `Surnames`, from what
// published frequency statistics say is common (facts, not anyone's list),
// for the origins people living in DE/AT/CH/UK/US most often have beyond the
// core lists: the Netherlands and Belgium (CBS, Statbel), Scandinavia,
// France, Spain and Portugal and Latin America (INE), Ireland, Scotland and
// Wales (CSO, NRS, ONS), Poland and other Slavic countries (GUS), Turkey
// (TÜİK), the Arabic-, Persian- and Kurdish-speaking countries, India and
// Pakistan, West and East Africa (Nigeria, Ghana, Kenya, South Africa), East
// Asia (Vietnam, China, Korea, Japan); and, from the same kind of sources,
// Ukraine, the Yoruba names of south-west Nigeria, the Mandé and Fula names of
// West Africa (Mali, Guinea, Senegal), Tamil and Telugu, Punjabi (Sikh) and
// Bangladeshi names, Kosovo-Albanian names, Hungary (KSH), Tonga, and Black American names
// (SSA); Bosnian, Hawaiian, Yoruba and Igbo, Scottish Gaelic, North German
// and Swiss names of older adults, Polish and US Hispanic names (session 10); more of the frequent given names of
// Poland, Punjab, India, the Maghreb, Scotland and Wales, Portugal and Brazil, Mexico, Nigeria, Vietnam, China,
// Korea, Romania, Kosovo, Bosnia, the Czech Republic, Ukraine, Iran and Afghanistan, Ethiopia, Eritrea and
// Somalia (session 11). No entry comes from a fake-data
// generator. Names that are everyday words in English or German stay out
// (or go to `GivenNamesAmbiguous`).
enum GivenNamesWorld {
    static let packed = """
        Daan Bram Sem Luuk Lars Thijs Jesse Stijn Ruben Joost Gijs Teun Jeroen Maarten Pieter Sjoerd Wouter Bas Koen \
        Sander Niels Rutger Floris Hidde Jelle Tijn Femke Sanne Anouk Fleur Lieke Roos Noor Lotte Tess Isa Sophie \
        Eline Marloes Ilse Inge Esther Mieke Anneke Wilma Saskia Lieve Annelies Marieke Lisanne Maud Fenna Jikke \
        Ingrid Astrid Sigrid Solveig Kirsten Gunnar Sven Nils Jens Lasse Mikkel Rasmus Anders Magnus Henrik Ole Bjarne \
        Erik Leif Stig Torsten Ulf Åsa Linnea Maja Freja Ida Elin Karin Malin Sanna Signe Tove Pernille Mette Inka \
        Philippe Jean Pierre Jacques Michel Nicolas Julien Mathieu Antoine Guillaume Sébastien François Olivier \
        Thierry Laurent Yves Benoît Rémi Théo Hugo Louis Gabriel Arthur Jules Lucas Raphaël Léa Léon Chloé Manon \
        Camille Élodie Mathilde Amélie Margaux Inès Juliette Aurélie Céline Sylvie Nathalie Isabelle Véronique Brigitte \
        Lucie Pauline Clémence Océane Anaïs Héloïse Estelle Sandrine Valérie Virginie Delphine Cécile Agathe \
        Javier Alejandro Pablo Sergio Jorge Alberto Fernando Rafael Miguel Raúl Álvaro Iván Rubén Óscar Adrián \
        Enrique Ignacio Joaquín Gonzalo Andrés Santiago Mateo Matías Tomás Sebastián Emilio Ramón Jesús Manuel José \
        Juan Luis Francisco Antonio Carlos Pedro Eduardo Ricardo Rodrigo Gustavo Joaquim João Tiago Gonçalo Rui Nuno \
        Lucía María Carmen Pilar Dolores Rocío Elena Marta Cristina Beatriz Inés Nuria Raquel Silvia Paula Alba Irene \
        Laura Sara Ainhoa Alicia Lourdes Montserrat Consuelo Guadalupe Ximena Valentina Camila Daniela Gabriela Mariana \
        Fernanda Catalina Luciana Adriana Paola Leticia Ana Joana Inês Mariana Teresa Rosa Conceição Fátima \
        Liam Cian Oisín Ciarán Darragh Eoin Seán Pádraig Niamh Aoife Siobhán Caoimhe Saoirse Orla Róisín Sinéad Aisling \
        Deirdre Bríd Máire Nuala Clodagh Oona Eamon Declan Fergal Padraig Colm Dermot Ronan Cormac Fionn Tadhg \
        Callum Hamish Alasdair Alistair Angus Fraser Euan Ewan Iain Struan Murdo Kirsty Morag Fiona Isla Eilidh Ailsa \
        Catriona Mhairi Shona Rhona Gwilym Dafydd Rhys Emrys Gethin Iwan Owain Ieuan Aled Bryn Dylan Huw Geraint Gareth \
        Emyr Cerys Eirlys Bronwen Carys Ffion Gwen Gwenllian Rhian Siân Nia Mererid Angharad Eleri Lowri Megan Seren \
        Geoffrey Desmond Winifred Gerald Reginald Nigel Clive Trevor Graham Malcolm Roger Derek Keith Neil Barry \
        Kenneth Stanley Leonard Harold Norman Cyril Lionel Rupert Giles Hugh Julian Clarissa Philippa Penelope \
        Gillian Jacqueline Maureen Beverley Pauline Marjorie Doreen Shirley Hilda Edna Mavis Gwendoline Muriel Agatha \
        Helen Fiona Yvonne Lorraine Tracey Joanne Nicola Leanne Gemma Kerry Stacey Kayleigh Chelsea Shannon Bethany \
        Dariusz Grzegorz Krzysztof Tomasz Paweł Piotr Marcin Łukasz Michał Mateusz Jakub Kamil Wojciech Bartosz \
        Przemysław Sławomir Mirosław Zbigniew Jerzy Janusz Ryszard Tadeusz Zdzisław Wiesław Kazimierz Jarosław \
        Agnieszka Małgorzata Katarzyna Joanna Magdalena Monika Ewa Dorota Beata Jolanta Grażyna Urszula Krystyna \
        Halina Danuta Wanda Bożena Renata Iwona Justyna Karolina Aleksandra Zofia Marta Weronika Natalia Kinga \
        Swetlana Svetlana Tatjana Tatiana Olga Irina Natascha Natasha Ljudmila Galina Jelena Oksana Walentina \
        Valentina Nadeschda Nadezhda Anastasia Ksenia Xenia Polina Darja Dmitri Dmitrij Sergej Sergei Wladimir \
        Vladimir Alexej Aleksei Jewgeni Evgeny Juri Yuri Igor Oleg Wassili Nikolai Mikhail Maxim Pavel Ivan \
        Dragan Zoran Goran Nenad Dejan Darko Marko Stefan Bojan Vesna Snežana Jasmina Dragana Mirjana Ivana \
        Dren Arben Besnik Ilir Agron Fatmir Valon Blerim Arlind Driton Ardit Liridon Blerta Drita Vjosa Arta Besa \
        Ayşe Ayse Fatma Emine Hatice Zeynep Elif Merve Büşra Esra Özlem Sibel Serpil Gülay Gül Hülya Nurcan Songül \
        Sevgi Dilek Derya Yasemin Tuğba Selin Ece Sena Irem Melike Kübra Şeyma Aslı Pınar Filiz Nesrin Canan \
        Mehmet Mustafa Ahmet Hüseyin Hasan İbrahim Ibrahim İsmail Ismail Osman Yusuf Murat Ömer Ramazan Halil Süleyman \
        Recep Kemal Cengiz Tarkan Serkan Volkan Emre Onur Burak Oğuz Ozan Tolga Kaan Barış Umut Eren Berk Yiğit Alper \
        Erdem Erkan Gökhan Hakan Kerem Levent Orhan Selim Sinan Taner Tuncay Uğur Yunus Fikret Necati Bülent Cihan \
        Mohammed Mohammad Muhammad Mohamed Mahmoud Mahmud Hassan Hussein Hussain Khalid Khaled Omar Umar Tariq Tarik \
        Karim Rashid Samir Sami Nabil Walid Yasin Yassin Bilal Hamza Hamid Majid Saeed Faisal Anwar Jamal Kamal \
        Ayman Ziad Fadi Rami Hani Mazen Nasser Youssef Yousef Jalal Farid Fares Amin Reza Mehdi Hossein Ali \
        Dariush Farhad Behrouz Kourosh Babak Arash Navid Omid Saman Shahram Parviz Payam Kaveh Cyrus Rostam \
        Fatima Aisha Aischa Khadija Maryam Mariam Zainab Zeinab Layla Leila Leyla Nour Noura Rania Rana Salma Samira \
        Yasmin Yasmina Jasmin Amal Hanan Huda Iman Lina Dina Reem Rima Hiba Asma Sana Nadia Nadja Samar Souad \
        Shirin Parisa Mahsa Nasrin Nasreen Niloufar Golnar Maryam Azadeh Roya Sahar Shadi Yalda Mina Ladan \
        Rahul Rohan Ravi Arjun Vikram Rajesh Ramesh Suresh Mahesh Ganesh Dinesh Rakesh Mukesh Anil Sunil Vijay Sanjay \
        Ajay Amit Sumit Rohit Mohit Ankit Nikhil Varun Karan Kiran Aditya Akash Vivek Deepak Pradeep Sandeep Rajiv \
        Sanjeev Arvind Ashok Manoj Prakash Satish Harish Girish Naveen Praveen Pranav Siddharth Abhishek Abhinav \
        Anand Arun Venkat Srinivas Krishna Gopal Hari Raj Rajan Ramanathan Sachin Saurabh Gaurav Vishal Vinod Vikas \
        Imran Irfan Asif Arif Kashif Zubair Faisal Usman Adnan Nadeem Naveed Shahid Sajid Waqas Bilal Junaid Zeeshan \
        Priya Pooja Swati Sneha Neha Anjali Divya Kavita Sunita Anita Geeta Gita Seema Rekha Meena Meera Lakshmi \
        Deepa Deepika Shreya Shruti Aishwarya Ananya Aditi Riya Isha Nisha Ritu Preeti Sapna Asha Usha Radha Sita \
        Padma Savitri Shalini Sangeeta Sushma Rupa Nandini Kavya Harini Vidya Jyoti Smita Archana Aarti Bhavna \
        Ayesha Saima Rabia Sadia Farah Nazia Shazia Amna Hina Mehwish Sobia Uzma Bushra Nasreen Rukhsana Shabana \
        Chidi Chinedu Chidera Chiamaka Chioma Chinwe Ngozi Nkechi Ifeoma Adaeze Adaora Amaka Obinna Emeka Ikenna \
        Nnamdi Uchenna Chukwuemeka Chibuike Olumide Oluwaseun Olusegun Oluwatobi Ayodele Adebayo Adewale Babatunde \
        Folasade Funmilayo Yetunde Bukola Bolanle Temitope Tunde Tolu Femi Kehinde Taiwo Segun Dayo Kunle \
        Abimbola Ngozi Emeka Ifeanyi Uche Nneka Kwame Kwaku Kofi Kojo Kwabena Kwesi Akosua Ama Abena Efua Adjoa \
        Akua Yaa Esi Afua Lindiwe Thandiwe Nomvula Sipho Thabo Themba Mandla Bongani Lerato Palesa Zanele Nandi \
        Zodwa Ayanda Wanjiru Wanjiku Njeri Akinyi Achieng Otieno Odhiambo Kamau Mwangi Njoroge Kipchoge Amani Baraka \
        Abebe Tesfaye Mulugeta Haile Dawit Yonas Selam Meron Hiwot Tigist Senait Abdi Abdirahman Hodan Fadumo \
        Minh Thanh Tuan Linh Huong Hoa Thuy Trang Ngoc Phuong Quang Duc Nguyet Thao Trinh \
        Wei Jing Ming Hui Yan Ying Xin Hao Lei Tao Yang Xiaoming Xiaoli Zhiwei Jian Ling Mei \
        Jiwoo Minjun Seojun Jisoo Jiyeon Minji Eunji Soyeon Haruto Yuto Sota Riku Hiroshi Takashi Kenji Satoshi \
        Yuki Yuko Yoko Keiko Akiko Haruka Sakura Aiko Naoko Emiko Hana Yui Kaito Ren Daiki Kenta Shota Takumi \
        Amira Amirah Monique Jerome Clemens Rosalind Damien Maribel Marisol Dunja Milica Tijana Mirela Ilka \
        Kateryna Olena Tetiana Tetyana Yulia Iryna Nataliya Halyna Andriy Oleksandr Oleksiy Mykola Taras Bohdan \
        Dmytro Serhiy Volodymyr Yaroslav Vasyl Yevhen \
        Tanisha Latoya Keisha Shanice Tamika Lakisha DeShawn Tyrone Darnell Ayana Imani Aaliyah \
        Priyanka Rashmi Anika Harinder Gurpreet Manpreet Jaspreet Harpreet Simran Navneet Kuldeep Rajinder \
        Sukhwinder Parminder Karthik Senthil Murugan Saravanan Bhavani Revathi Kavitha Gayathri Lavanya Sowmya \
        Tahmina Nusrat Farzana Shirin Rafiq Rafi Shafiq Tariq \
        Olamide Oyinkansola Titilayo Folake Bisi Damilola Ayomide Adeola Abiodun Olufemi Olawale Oluwafemi \
        Iolo Tomos Osian Sioned Rhodri Gruffydd Llinos Gwenno Elin Hywel Dewi Ifan Catrin Alaw \
        Arbnora Albulena Blerina Donika Fjolla Mimoza Valbona Shqipe Arjeta Edona \
        Sione Mele Tevita Viliami Siosaia Sefo Losana Salote \
        Aminata Fatoumata Mariama Mamadou Ousmane Ibrahima Moussa Aissatou Oumou Binta \
        Bao Hoa Anh Khanh Phuc Quynh Trung Viet Thuy Nhung Hanh Giang \
        Luka Loretta Yara Yolanda \
        Gábor László István Zoltán Attila Tamás Balázs Zsolt Csaba Ferenc Sándor Katalin Zsófia Erzsébet Eszter \
        Krisztina Ágnes Réka Dóra Gergely Levente Bence Zsuzsanna Ildikó Tünde \
        Dženana Dženan Lejla Senad Mirsad Haris Azra Amela Nermin Edina Elvir Adis Almir Elmedina Sanela Merima Belma \
        Aida Ajla Emin Dušan Kerim Gizem Kalani Keoni Leilani Noelani Kawika Makana Kealoha Mahina Kainoa Nalani Keala \
        Kayode Babajide Temitope Morayo Kelechi Adaobi Ruairidh Seonaidh Kirsteen Swantje Rosmarie Margrit Trudi Klaudia \
        Oliwia Dawid Terrence Shauna Shawna Tonya Kendra Brandi Xiomara Yesenia Araceli Maricela \
        Mariusz Bogusław Bartłomiej Patryk Wiktor Wioletta Żaneta Aldona Harjit Harjinder Harvinder Gurdeep Gurinder \
        Jaswinder Jasbir Jaspal Jasvir Kulwinder Mandeep Navdeep Navjot Paramjit Ravinder Sukhdev Satnam Simranjit \
        Amarjit Balwinder Baljit Baljinder Charanjit Daljit Davinder Inderjit Karamjit Kirpal Lakhwinder Malkit Manjit \
        Narinder Rupinder Sarbjit Surinder Tarlochan Tejinder Anupam Hemant Madhu Pramod Prashant Santosh Sarita \
        Shanti Shweta Sonia Sudhir Yogesh Lalitha Murali Lakshmanan Anitha Meenakshi Vasanthi Halima Aicha Rasha Imane \
        Jamila Karima Latifa Malika Safia Wafa Yousra Zahra Zohra Mostafa Rachid Yassine Anas Ayoub Adil Abdelkader \
        Abdelaziz Abderrahim Abdullahi Mounir Nordine Redouane Driss Fouad Jawad Fenella Ishbel Gwyn Sónia Lurdes \
        Rosário Hélder Vítor Cristiano Fábio Marcelo Luiz Thiago Guilherme Leandro Luana Thaís Juliana Letícia \
        Patrícia Rosalinda Lupita Esperanza Graciela Milagros Socorro Azucena Itzel Jimena Valeria Alejandra Esmeralda \
        Estefanía Lorena Nayeli Soledad Arturo Armando Ernesto Felipe Gerardo Guillermo Julio Mauricio Octavio \
        Ramiro Rigoberto Rogelio Ulises Oluwaseyi Oluwadamilola Oladele Oyewale Bolaji Funke Morenike Omolara Chukwudi \
        Chidinma Ebere Aminu Garba Danjuma Hauwa Aminat Hương Ngọc Phương Tuyet Đức Thang Tuấn Vinh Yun Qiang Zhen \
        Xiaoyu Jianguo Jianhua Guoqiang Haiyan Hongmei Jiayi Yiming Zihan Zixuan Seoyeon Hyunwoo Jihoon Dohyun Sungmin \
        Youngho Roxana Cătălin Ciprian Constantin Costel Ionuț Nicolae Ovidiu Sorin Arbër Fitim Florim Gëzim Kujtim \
        Visar Jehona Lirije Teuta Arbëresha Senada Elvira Kenan Damir Miroslav Predrag Zlatko Biljana Éva Jiří Petr \
        Tomáš Jaroslav Zdeněk Vojtěch Lenka Zuzana Kateřina Tereza Barbora Nataliia Yuliia Svitlana Liudmyla Viktoriia \
        Oleksii Andrii Serhii Yurii Mohsen Fereshteh Mahnaz Soraya Wahid Zabihullah Ghulam Gulalai Parwin Tsegaye \
        Yohannes Alemayehu Hirut Almaz Saba Yemane Filmon Semhar Mebrat Abdiaziz Ayaan Hibo Ubah Cabdi Xamza
        """
}

enum SurnamesWorld {
    static let packed = """
        Jansen Janssen Visser Smit Bakker Dekker Meijer Mulder Bos Vos Peters Hendriks Dijkstra Hoekstra Kuipers \
        Veenstra Brouwer Wouters Vermeulen Maes Claes Willems Goossens Jacobs Mertens Vandenberghe Vermeersch \
        Verstraete Dubois Lambert Martin Bernard Durand Leroy Moreau Laurent Simon Michel Lefebvre Lefèvre Roux \
        Fournier Girard Bonnet Dupont Morel Fontaine Chevalier Robin Gauthier Rousseau Blanc Guerin Muller Henry \
        Garcia García Martinez Martínez Lopez López Sanchez Sánchez Gonzalez González Rodriguez Rodríguez Fernandez \
        Fernández Perez Pérez Gomez Gómez Diaz Díaz Moreno Alvarez Álvarez Romero Ruiz Hernandez Hernández Jimenez \
        Jiménez Navarro Torres Dominguez Domínguez Vazquez Vázquez Ramos Gil Serrano Blanco Molina Morales Suarez \
        Suárez Ortega Delgado Castro Ortiz Rubio Marin Marín Sanz Iglesias Nuñez Núñez Medina Garrido Herrera Soto \
        Silva Santos Ferreira Pereira Oliveira Costa Rodrigues Almeida Carvalho Gomes Lopes Marques Ribeiro Pinto \
        Sousa Saraiva Fonseca Moura Cardoso Teixeira Correia Mendes Nunes Vieira Monteiro Castellanos Vargas Rojas \
        Murphy Kelly Byrne Ryan Walsh Doyle McCarthy Gallagher Doherty Kennedy Lynch Murray Quinn Moore McLaughlin \
        OBrien Connolly Brennan Flanagan Fitzgerald Nolan Hogan Sheehan Keane Dunne Kavanagh Donnelly Callaghan \
        Campbell Stewart Robertson MacDonald McDonald Reid Ross Paterson Mackenzie Fraser Hamilton Graham Grant \
        Morrison Kerr Ferguson Cameron Duncan Hunter Mackay Burns Raitt Sutherland Munro Gordon Lindsay Buchanan \
        Jones Davies Evans Thomas Roberts Lewis Hughes Morgan Griffiths Owen Powell Price Pryce Prosser Rees Jenkins \
        Lloyd Parry Pritchard Bowen Vaughan Llewellyn Howells Probert Ellis Fenwick Whitcombe Ashworth Abernathy \
        Fairbairn Thornbury Hargreaves Barnes Nowak Kowalski Kowalska Wiśniewski Wiśniewska Wójcik Wojcik Kowalczyk \
        Kamiński Kamińska Lewandowski Lewandowska Zieliński Zielińska Szymański Szymańska Woźniak Dąbrowski \
        Dąbrowska Kozłowski Kozłowska Jankowski Jankowska Mazur Kwiatkowski Kwiatkowska Krawczyk Piotrowski \
        Grabowski Nowakowski Pawłowski Michalski Nowicki Adamczyk Dudek Zając Wieczorek Jabłoński Król Majewski \
        Olszewski Jaworski Wróbel Malinowski Pawlak Witkowski Walczak Stępień Górski Rutkowski Michalak Sikora \
        Ostrowski Baran Duda Szewczyk Tomaszewski Pietrzak Marciniak Wierzbicki Wierzbicka Zawadzki Jakubowski \
        Sadowski Bąk Chmielewski Włodarczyk Borkowski Czarnecki Sawicki Sokołowski Urbański Kubiak Maciejewski \
        Szczepański Kucharski Wilk Kalinowski Lis Mazurek Wysocki Adamski Kaźmierczak Wasilewski Sobczak Czerwiński \
        Andrzejewski Cieślak Głowacki Zakrzewski Kołodziej Sikorski Krajewski Gajewski Szymczak Szulc Baranowski \
        Ivanov Ivanova Petrov Petrova Smirnov Smirnova Kuznetsov Kusnezow Popov Popow Volkov Wolkow Sokolov Lebedev \
        Kozlov Novikov Morozov Pavlov Orlov Fedorov Romanov Schewtschenko Shevchenko Kovalenko Bondarenko Tkachenko \
        Kravchenko Melnyk Boyko Horvat Kovačević Babić Marić Jurić Novak Petrović Jovanović Nikolić Marković \
        Đorđević Stojanović Ilić Pavlović Popović Ramadani Krasniqi Gashi Berisha Morina Shala Hoxha Bytyqi Kelmendi \
        Yılmaz Yilmaz Kaya Demir Şahin Sahin Çelik Celik Yıldız Yildiz Yıldırım Yildirim Öztürk Özturk Aydın Aydin \
        Özdemir Ozdemir Arslan Doğan Dogan Kılıç Kilic Aslan Çetin Cetin Kara Koç Koc Kurt Özkan Ozkan Şimşek Simsek \
        Polat Özcan Korkmaz Karakaya Aksoy Akın Akin Erdoğan Erdogan Güneş Gunes Tekin Bulut Keskin Ünal Unal Turan \
        Gül Güler Acar Kaplan Yavuz Aktaş Aktas Taş Tas Demirtaş Demirtas Avcı Avci Uçar Bozkurt Karataş Sarı Sari \
        Khan Ahmed Ahmad Hussain Hussein Ali Shah Malik Qureshi Siddiqui Chaudhry Chaudhary Iqbal Akhtar Aslam Butt \
        Raza Rizvi Javed Rashid Mahmood Mehmood Sheikh Mirza Ansari Haider Abbasi Nawaz Farooq Bhatti Rehman Rahman \
        Patel Shah Sharma Singh Kumar Gupta Verma Mehta Joshi Desai Nair Pillai Menon Iyer Iyengar Rao Reddy Naidu \
        Krishnan Krishnamurthy Raghunathan Ramanathan Subramanian Venkatesh Chandran Rajan Srinivasan Narayanan \
        Bhattacharya Banerjee Chatterjee Mukherjee Ghosh Dutta Sen Sengupta Chakraborty Roy Mitra Biswas \
        Agarwal Aggarwal Bansal Goel Jain Khanna Kapoor Malhotra Chopra Arora Sethi Bhatia Saxena Srivastava \
        Tiwari Pandey Mishra Dubey Tripathi Chauhan Yadav Thakur Rathore Gill Sandhu Sidhu Dhillon Grewal Bains \
        Okafor Okonkwo Okoro Okeke Nwosu Eze Obi Nwachukwu Chukwu Onyeka Ogunleye Adeyemi Adebayo Adewale Afolabi \
        Oyelaran Okonjo Ogunbiyi Balogun Bello Abubakar Ibrahim Musa Okoye Nnadi Uzor Mensah Asante Owusu Boateng \
        Osei Appiah Agyeman Addo Amoah Ofori Darko Annan Dlamini Nkosi Ndlovu Khumalo Mokoena Mahlangu Zulu \
        Mthembu Kamau Mwangi Otieno Ochieng Odhiambo Kariuki Njoroge Wanjiku Kiprop Tesfaye Haile Bekele Girma \
        Nguyen Tran Pham Hoang Huynh Phan Dang Bui Ngo Duong Wang Zhang Liu Chen Yang Huang Zhao \
        Zhou Zhu Guo Lin Gao Luo Zheng Liang Xie Tang Han Feng Deng Cao Kim Lee Choi \
        Jung Kang Cho Yoon Jang Lim Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato \
        Yoshida Yamada Sasaki Yamaguchi Matsumoto Inoue Kimura Hayashi Shimizu Saito Mori Ikeda Hashimoto Ishikawa \
        Rezaei Ahmadi Hosseini Mohammadi Karimi Moradi Rahimi Jafari Hashemi Mousavi Sadeghi Ghasemi Heidari \
        Nazari Rostami Azizi Akbari Kazemi Sharifi Najafi Salehi Amini Hamidi Bagheri Abbasi Farahani Tehrani \
        Haddad Khoury Mansour Nasser Saleh Hamdan Khalil Youssef Aziz Darwish Said Habib Hassan Abdullah Awad \
        Esposito Russo Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti DeLuca Mancini Costa Giordano \
        Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara Galli Martini Leone Longo \
        Gentile Martinelli Vitale Lombardo Serra Coppola DeSantis Marchetti Parisi Conte Ferraro Ferri Fabbri \
        Bianco Marini Grasso Valentini Messina Sala Gatti Pellegrini Palumbo Sanna Farina Rizzi Monti Cattaneo \
        Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson \
        Jonsson Lindqvist Lindgren Lindberg Lindström Bergström Nyström Holm Sandberg Hansen Nielsen Jensen \
        Pedersen Andersen Christensen Larsen Sørensen Rasmussen Jørgensen Petersen Madsen Kristensen Olsen \
        Thomsen Poulsen Johannsen Jessen Carstensen Paulsen Iversen Lund Berg Haugen Johnsen Virtanen Korhonen \
        Mäkinen Nieminen Hämäläinen Laine Heikkinen Koskinen \
        Shevchuk Kovalchuk Tkachuk Polishchuk Lysenko Marchenko Savchenko Rudenko Kravets Oliinyk Bondar \
        Adekunle Adebisi Bankole Akinola Adeleke Fashola Ojo Ogunlesi Olawale Adeyemo Akande Oladipo \
        Venkataraman Raghavan Ramachandran Sundaram Natarajan Rajagopal Balakrishnan Ramaswamy Parthasarathy \
        Chandrasekaran Mistry Hossain Begum Uddin Akter Chowdhury Miah Warsame \
        Diallo Traoré Traore Keita Coulibaly Tupou Fifita \
        Nagy Kovács Tóth Szabó Horváth Varga Molnár Németh Farkas Balogh Papp Takács Juhász Lakatos Mészáros \
        Oláh Rácz Fekete Szilágyi Török Fehér Balázs Gál Szűcs Kocsis Orsós Pintér Fodor Szalai Sipos Magyar
        """
}
