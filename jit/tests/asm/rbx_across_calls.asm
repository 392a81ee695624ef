function main (asm, 505 bytes)
    00000  jmp 0000000000000150h
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
    00037  jb 0000000000000127h
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
    000bd  jne 000000000000014Bh
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
    000df  xor eax,eax
    000e1  mov ecx,1
    000e6  mov edx,1
    000eb  mov [rsp],rsi
    000ef  add rdx,[r15+10h]
    000f6  sub rdx,r13
    000f9  mov [r15],rdx
    000fc  mov esi,eax
    000fe  mov rdx,rsp
    00101  mov rdi,[r15+30h]
    00105  mov rax,ADDR
    0010f  push r10
    00111  push r11
    00113  call rax  ; jit_call
    00115  pop r11
    00117  pop r10
    00119  test rdx,rdx
    0011c  jne 000000000000014Bh
    00122  jmp 0000000000000083h
; trap: stack overflow at line 15
    00127  mov rdx,100000002h
    00131  mov rdi,[r15+30h]
    00135  mov esi,2
    0013a  mov rax,ADDR
    00144  call rax  ; jit_trap
    00146  jmp 000000000000014Bh
; unwind to the entry from the interpreter
    0014b  mov rsp,[r15+28h]
    0014f  ret
; external entry (from the interpreter)
    00150  push rbp
    00151  mov rbp,rsp
    00154  push rbx
    00155  push r12
    00157  push r13
    00159  push r14
    0015b  push r15
    0015d  mov r15,ADDR
    00167  mov [r15+30h],rdi
    0016e  push qword ptr [r15+28h]
    00175  mov r14,8
    0017f  mov r13,[r15+10h]
    00186  sub r13,[r15]
    0018d  lea rax,[1D2h]
    00194  push rax
    00195  mov [r15+28h],rsp
    0019c  sub rsp,8
    001a0  mov rdx,rsi
    001a3  sub rsp,10h
    001aa  mov rsi,[rdx]
    001b1  call 8
    001b6  xor edx,edx
    001b8  lea rsp,[rbp-30h]
    001bf  pop rcx
    001c0  mov [r15+28h],rcx
    001c7  pop r15
    001c9  pop r14
    001cb  pop r13
    001cd  pop r12
    001cf  pop rbx
    001d0  pop rbp
    001d1  ret
    001d2  lea rbp,[rsp+30h]
    001da  mov edx,1
    001df  lea rsp,[rbp-30h]
    001e6  pop rcx
    001e7  mov [r15+28h],rcx
    001ee  pop r15
    001f0  pop r14
    001f2  pop r13
    001f4  pop r12
    001f6  pop rbx
    001f7  pop rbp
    001f8  ret

