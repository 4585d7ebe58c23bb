// Given names and surnames beyond the core lists: our own list, under the
// project's licence.
//
// Written by hand for redactfs (2026-12), like `GivenNames`, `Surnames` and
// `GivenNamesWorld`, from what published frequency statistics say is common
// (facts, not anyone's list): given names of England and Wales (ONS), the
// United States (SSA, several decades), Ireland (CSO), Scotland (NRS),
// Wales and Cornwall; Indian, Pakistani and Bangladeshi, Nigerian (Yoruba,
// Igbo) and Ghanaian (Akan), Polish, Vietnamese, Japanese, Korean, Chinese,
// Turkish, Greek, Portuguese, Swiss and Austrian names; the most frequent
// family names of Ireland, Scotland, Wales, Cornwall, Poland, Turkey,
// Greece, Portugal, Spain and Latin America, Italy, Austria, Switzerland,
// South and East Asia and West and East Africa. No entry comes from a
// fake-data generator. Entries that are lower-case English words in the
// Debian word lists were left out (surnames) or listed as ambiguous (given
// names), as were surnames of one or two letters.
enum GivenNamesMore {
    static let packed = """
        Lucinda Morwenna Lowenna Tamsin Demelza Kerensa Jory Kenver Jago Piran Merryn Senara Elowen Tressa Wenna Tegen \
        Bryok Locryn Ezren Cador Gwenna Jowan Meraud Ysolde Ruan Treeve Grainne Gráinne Roisin Eimear Oisin Séamus \
        Eoghan Donal Dónal Cathal Colum Conor Diarmuid Feargal Ruairi Ruairí Fintan Lorcan Malachy Enda Brendan Kieran \
        Killian Ailbhe Aine Áine Blathnaid Brid Eilis Eilís Fionnuala Maeve Maebh Muireann Orlaith Sorcha Una Úna \
        Mairead Máiréad Meabh Sadhbh Treasa Peadar Cillian Donnacha Donncha Ultan Odhran Odhrán Rónán Sean Lorna \
        Moira Elspeth Isobel Kenna Marsaili Seonaid Morven Calum Ruaridh Finlay Torquil Dougal Innes Graeme \
        Ruaraidh Coinneach Kenzie Llyr Llŷr Gruffudd Idris Alun Cerian Gwyneth Heledd Mared Glenys Delyth Meinir Nerys \
        Teleri Branwen Elis Steffan Cai Deiniol Macsen Trystan Adeline Adrienne Aimee Alana Alanna Alayna Alecia \
        Alexia Alisha Alison Amara Amaya Anabel Annabelle Annalise Annie Antoinette Arabella Ashleigh Ashlyn \
        Aubree Audra Belinda Billie Blythe Briana Brianna Bridget Bridgette Brittney Caitlyn Callie Camilla Candice \
        Cara Cassandra Cassidy Celeste Claudette Colette Constance Cordelia Corinne Daphne Darcy Deanna Delia Delilah \
        Desiree Eliza Eloise Erica Erin Esme Ethel Eugenia Eunice Evangeline Genevieve Georgina Gina Gwendolyn Hayley \
        Henrietta Jemima Juliet Justine Katharine Kathryn Kimberley Lacey Leonora Lucille Lynette Mabel Madeline \
        Marcia Margaret Margery Marguerite Maxine Meredith Miriam Monica Myra Naomi Octavia Ophelia Priscilla Renee \
        Rhoda Rosamund Rowena Roxanne Scarlett Serena Shelley Susannah Suzanne Sybil Tabitha Tanya Theodora Tiffany \
        Trudy Veronica Vivian Vivienne Wilhelmina Zoë Abraham Ambrose Archibald Ashton Augustus Barnaby Bartholomew \
        Benedict Brody Bryce Byron Caden Calvin Cecil Chadwick Clifford Crispin Damon Darrell Dashiell Dexter Dorian \
        Dwight Edmund Emmett Ezekiel Ezra Forrest Gideon Godfrey Horace Jarrod Jethro Josiah Kelvin Kendrick Kingsley \
        Lamar Leland Lucian Luther Lyle Merrick Mortimer Neville Octavius Percival Percy Peregrine Phineas Quentin \
        Quincy Rafferty Reuben Roderick Rodney Roscoe Seymour Sheldon Sidney Silas Terence Thaddeus Theodore Wendell \
        Wesley Wilbur Wilfred Willard Winston Zane Tyrese Jalen Deshawn Tremaine Rashad Demetrius Jermaine Lashawn \
        Shaniqua Jada Latasha Shaquille Kareem Jamar Devonte Andre Marlon Aarav Dev Jayant Manish Mohan Nitin Pankaj \
        Shankar Tarun Yash Anushka Vandana Farhan Kamran Rizwan Waqar Humaira Mahnoor Rubina Saira Tahira \
        Oluwadamilare Chinonso Funmi Adwoa Kweku Nana Uzoma Tobenna Tolulope Oyelola Oluwatoyin Przemyslaw Lukasz \
        Michal Pawel Kacper Szymon Wiktoria Patrycja Lan Thu Hieu Vy Tien Cuong Haruko Takeshi Sachiko Sora Aoi Emi \
        Daichi Ayumi Megumi Min-jun Seo-yeon Ji-ho Ji-woo Hyun Jae Jin Eun Soo Jie Xiao Jun Mei-ling Huseyin Oguz Okan \
        Baris Busra Ozlem Gülsüm Nihal Ioannis Giorgos Georgios Dimitrios Konstantinos Nikolaos Panagiotis Vasileios \
        Christos Athanasios Evangelos Spyros Stavros Theodoros Kostas Yannis Katerina Aikaterini Vasiliki Despina \
        Chrysa Eirini Paraskevi Stavroula Dimitra Kalliopi Zoi Joao Goncalo Duarte Diogo Afonso Vasco Sérgio Paulo \
        Filipe Bernardo Martim Leonor Matilde Carolina Catarina Margarida Filipa Graça Hanspeter Livia Flurina Linard \
        Andrin Gunter Engelbert Hermine Gertrude Aloisia Rosalia Christl Vroni Sepp Hias Toni Wastl Schorsch
        """
}

/// Given names that are also everyday words (`Charity`, `Fern`, `Lance`).
enum GivenNamesMoreAmbiguous {
    static let packed = """
        Skye Iona Ariel Non Beryl Charity Felicity Fern Jade Prudence Basil Beau Clinton Hector Lance Orlando Sterling Marquis Ebony \
        Dante Yaw Hung Dung Hai Son Yen Sung Res
        """
}

enum SurnamesMore {
    static let packed = """
        Mulcahy Neill Connell Dempsey Maguire Mahony Healy Shea McGrath Leary McDonnell MacMahon Regan Mullan Kenny \
        Whelan Cullen Maher McKenna Keeffe Magee McNamara MacDermott Moloney Rourke Dwyer Brien Mahoney Tierney \
        Corcoran Hennessy Keogh Meehan Molloy Mulligan Nagle Noonan Phelan Prendergast Quigley Rafferty Scanlon \
        Shanahan Sheridan Slattery Tobin Twomey Coughlan Cronin Crowley Devlin Egan Fahy Feeney Finnegan Hanlon \
        Hanrahan Hegarty Horgan Keating Kiely Lenihan Lonergan Madigan Moynihan Mulvey Nugent Creagh Cassidy Coyle \
        Costello Cotter Cosgrove Clancy Cahill Breen Brophy Boland Ahern Hickey Hussey Kearney Kehoe Kinsella Lawlor \
        Lennon Loughlin Lowry McAuley McCabe McCann McCormack McCrea McEvoy McGovern McGuinness McHugh McInerney \
        McKeown McManus McMullan McNally McShane Morrissey Nevin Nealon Rooney Spillane Treacy Walshe Wynne Pascoe \
        Trelawny Trevithick Penrose Polglase Tremayne Treloar Trewin Nance Jago Pengelly Hocking Curnow Chenoweth \
        Polkinghorne Pendarves Tregear Trengove Angove Tonkin Trebilcock Penberthy Carne Bolitho Vivian Hosking \
        Tresize Tremain MacLeod MacKenzie MacKay MacLean MacGregor Macgregor MacIntyre MacKinnon MacPherson Macpherson \
        MacRae MacLennan MacFarlane MacAulay MacMillan Macmillan MacNeil MacInnes MacArthur MacDougall MacBain \
        MacCallum MacIver Menzies Drummond Gunn Murdoch Ogilvie Ramsay Urquhart Chisholm Crawford Dalziel Dunbar \
        Erskine Farquharson Galbraith Haig Innes Kirkpatrick Lamont Lockhart Matheson Muir Rattray Rennie Strachan \
        Tennant Weir Wishart Llewelyn Prothero Meredith Gwynne Cadwaladr Tudor Voyle Beynon Eynon Gittins Maddock \
        Madoc Penry Prydderch Choudhury Choudhary Shaikh Latif Sharif Tahir Yousaf Zaman Garg Mittal Singhal Varma \
        Trivedi Dwivedi Chaturvedi Venkatesan Ramakrishnan Ganguly Bose Das Johal Ahluwalia Bedi Chahal Virk Alam \
        Ullah Ajayi Akinwale Ogunbanjo Olatunji Oyewole Salako Ajibade Alade Ikwuemesi Ampofo Acheampong Frimpong \
        Gyamfi Kuffour Nkrumah Oduro Opoku Sarpong Tetteh Yeboah Mutua Chebet Okello Mugisha Nakato Sithole Moyo Banda \
        Phiri Mbeki Konaté Konate Camara Ndiaye Diop Faye Sylla Touré Toure Cissé Cisse Jama Aden Dualeh Egal Alemu \
        Tadesse Wojciechowski Kaczmarek Stepien Gorski Zalewski Wróblewski Jasiński Jasinski Bak Wlodarczyk Sokolowski \
        Szczepanski Kolodziej Konieczny Urbanski Glowacki Wrona Przybylski Kaczmarczyk Błaszczyk Blaszczyk Górecki \
        Gorecki Laskowski Makowski Brzeziński Brzezinski Kowalewski Ziółkowski Ziolkowski Stachowiak Kubacki Dziedzic \
        Truong Dinh Quach Luong Tanabe Yamazaki Abe Ogawa Okada Goto Hasegawa Murakami Kondo Ishii Sakamoto Endo Aoki \
        Fujii Nishimura Fukuda Ota Miura Fujiwara Okamoto Matsuda Nakagawa Nakano Harada Ono Tamura Takeuchi Kaneko \
        Wada Nakayama Ishida Ueda Morita Hara Shibata Sakai Kudo Yokoyama Miyazaki Miyamoto Uchida Takagi Ando \
        Taniguchi Ohno Maruyama Imai Takada Fujita Kawasaki Seo Kwon Hwang Ahn Yoo Hong Jeon Bae Baek Heo Nam Noh Kwak \
        Cha Joo Ryu Jin Eom Chae Peng Zeng Xiao Tian Dong Yuan Cai Jiang Cheng Shen Yao Zhong Dai Cui Liao Cheung \
        Leung Yeung Lau Tsang Kwok Lai Fung Mak Tse Siu Ozcan Çakır Cakir Şen Yalçın Yalcin Gul Özer Ozer Işık Isik \
        Köse Kose Yüksel Yuksel Ateş Ates Ucar Karatas Kocabaş Coşkun Coskun Güven Guven Bayram Demirci Duman Uysal \
        Tuncer Soylu Toprak Başaran Basaran Bilgin Çınar Cinar Özgür Ozgur Kurtuluş Ekinci Sönmez Sonmez Bayrak Önal \
        Onal Dinçer Dincer Karaca Papadopoulos Papadakis Georgiou Nikolaou Dimitriou Konstantinou Ioannou Vasileiou \
        Christodoulou Antoniou Pappas Oikonomou Karagiannis Makris Alexiou Anagnostou Athanasiou Theodorou Panagiotou \
        Stavrou Kyriakou Michailidis Papageorgiou Economou Demetriou Charalambous Martins Fernandes Gonçalves \
        Goncalves Alves Moreira Soares Raposo Neves Coelho Cunha Pires Simões Simoes Antunes Matos Machado Araújo \
        Araujo Barbosa Tavares Lourenço Lourenco Figueiredo Azevedo Freitas Baptista Batista Henriques Sequeira \
        Magalhães Magalhaes Valente Brito Andrade Amaral Quintas Abreu Guerreiro Esteves Macedo Martín Muñoz Alonso \
        Gutiérrez Ramírez Cortés Cortes Lozano Cano Prieto Méndez Calvo Gallego Vidal León Márquez Peña Carrasco Diez \
        Caballero Nieto Pascual Herrero Montero Hidalgo Giménez Gimenez Ibáñez Ibanez Ferrer Durán Benítez Benitez \
        Mora Vicente Arias Carmona Crespo Román Sáez Saez Velasco Moya Soler Parra Esteban Gallardo Echeverría \
        Echeverria Quiroga Guzmán Villanueva Mejía Cárdenas Ávila Zúñiga Zuniga Arroyo Orozco Bautista Cisneros \
        Quintero Solís Castañeda Santis Morelli Amato Silvestri Mazza Testa Grassi Pellegrino Carbone Giuliani \
        Benedetti Barone Rossetti Caputo Montanari Palmieri Bernardi Martino Fiore Ferretti Bellini Basile Riva Donati \
        Piras Vitali Battaglia Sartori Neri Costantini Milani Pagano Ruggiero Sorrentino Damico Negri Mair Zauner \
        Brandstätter Brandstaetter Unterberger Hinterberger Oberhauser Niederl Kogler Pölzl Poelzl Hütter Hutter Resch \
        Pirker Trummer Kainz Hackl Müllner Muellner Grabner Friedl Ortner Posch Puchner Rieder Schachner Schwaiger \
        Thaler Zach Zeilinger Aichinger Brandner Danninger Edlinger Forstner Gschwandtner Haslinger Kastner Leitgeb \
        Mitterer Nussbaumer Obermayr Prem Rohrer Sailer Steinbauer Tauber Zöchling Zoechling Buehler Luethi Schär \
        Schaer Kaelin Wenger Bieri Blaser Zbinden Grob Sigrist Wüthrich Wuethrich Rüegg Rueegg Jenni Zuercher \
        Fankhauser Flueckiger Schürch Schuerch Rüfenacht Streit Hostettler Oppliger Rohner Scherrer Siegenthaler Wälti \
        Waelti Zehnder Zumbühl Bärtschi Baertschi Brügger Bruegger Favre Rochat Perrin Bonvin Chevalley Cuendet Jaquet \
        Monnier Rey Reymond Vuille Zufferey
        """
}
