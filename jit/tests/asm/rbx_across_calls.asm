function main (asm, 499 bytes)
    00000  jmp 000000000000014Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-8],rbx
    00017  mov [rbp-10h],r10
    0001b  mov rbx,rsi
; line 15: call
    0001e  mov r10d,0
; line 14: jz
    00024  test rbx,rbx
    00027  je 0000000000000092h
    0002d  nop [rax]
; line 15: call
    00030  cmp r13,1
    00037  jb 0000000000000121h
    0003d  test rbx,rbx
    00040  je 00000000000000D6h
    00046  mov esi,0
    0004c  mov rax,ADDR
    00056  mov rax,[rax]
    00059  test rax,rax
    0005c  je 00000000000000DFh
    00062  cmp rsp,[r15+20h]
    00069  jb 00000000000000DFh
    0006f  sub r13,2
    00073  jb 00000000000000DBh
    00079  add rax,8
    0007d  call rax
    0007f  add r13,2
    00083  mov rsi,rax
; line 16: add
    00086  add r10,rsi
; line 17: sub
    00089  sub rbx,1
; line 18: jmp
; line 14: jz
    0008d  test rbx,rbx
    00090  jne 0000000000000030h
; line 20: print
    00092  mov rax,r10
    00095  mov rsi,rax
    00098  mov rcx,100000006h
    000a2  mov rdi,[r15+30h]
    000a6  mov rax,ADDR
    000b0  push r10
    000b2  push r11
    000b4  call rax  ; jit_print
    000b6  pop r11
    000b8  pop r10
    000ba  test rdx,rdx
    000bd  jne 0000000000000145h
; line 21: ret
    000c3  mov eax,0
    000c9  mov rbx,[rbp-8]
    000cd  mov r10,[rbp-10h]
    000d1  mov rsp,rbp
    000d4  pop rbp
    000d5  ret
    000d6  mov rsi,rbx
    000d9  jmp 0000000000000086h
; call f at line 7 through jit_call
    000db  add r13,2
    000df  mov [rsp],rsi
    000e3  mov rcx,[r15+10h]
    000e7  sub rcx,r13
    000ea  add rcx,1
    000ee  mov [r15],rcx
    000f1  xor esi,esi
    000f3  mov rdx,rsp
    000f6  mov ecx,1
    000fb  mov rdi,[r15+30h]
    000ff  mov rax,ADDR
    00109  push r10
    0010b  push r11
    0010d  call rax  ; jit_call
    0010f  pop r11
    00111  pop r10
    00113  test rdx,rdx
    00116  jne 0000000000000145h
    0011c  jmp 0000000000000083h
; trap: stack overflow at line 15
    00121  mov rdi,[r15+30h]
    00125  mov esi,2
    0012a  mov rdx,100000002h
    00134  mov rax,ADDR
    0013e  call rax  ; jit_trap
    00140  jmp 0000000000000145h
; unwind to the entry from the interpreter
    00145  mov rsp,[r15+28h]
    00149  ret
; external entry (from the interpreter)
    0014a  push rbp
    0014b  mov rbp,rsp
    0014e  push rbx
    0014f  push r12
    00151  push r13
    00153  push r14
    00155  push r15
    00157  mov r15,ADDR
    00161  mov [r15+30h],rdi
    00168  push qword ptr [r15+28h]
    0016f  mov r14,8
    00179  mov r13,[r15+10h]
    00180  sub r13,[r15]
    00187  lea rax,[1CCh]
    0018e  push rax
    0018f  mov [r15+28h],rsp
    00196  sub rsp,8
    0019a  mov rdx,rsi
    0019d  sub rsp,10h
    001a4  mov rsi,[rdx]
    001ab  call 8
    001b0  xor edx,edx
    001b2  lea rsp,[rbp-30h]
    001b9  pop rcx
    001ba  mov [r15+28h],rcx
    001c1  pop r15
    001c3  pop r14
    001c5  pop r13
    001c7  pop r12
    001c9  pop rbx
    001ca  pop rbp
    001cb  ret
    001cc  lea rbp,[rsp+30h]
    001d4  mov edx,1
    001d9  lea rsp,[rbp-30h]
    001e0  pop rcx
    001e1  mov [r15+28h],rcx
    001e8  pop r15
    001ea  pop r14
    001ec  pop r13
    001ee  pop r12
    001f0  pop rbx
    001f1  pop rbp
    001f2  ret

